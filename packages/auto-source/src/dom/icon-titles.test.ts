import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { withoutIconElements } from './title-text.js';

// Issue 17, tenth session: status icons set before a headline as elements of their own are no part
// of the title — behind the `iconTitles` option, off by default (two repositories of the corpus
// move, fewer than a rule needs). Small pages of our own.

async function titlesOf(body: string, iconTitles?: boolean): Promise<(string | undefined)[]> {
  const source = createAutoSource(iconTitles === undefined ? {} : { iconTitles });
  const result = await source.extract(page(`<!doctype html><html><body>${body}</body></html>`), context());
  return result.items.map((item) => item.title);
}

const incidents = ['Storage latency raised in the east region', 'Virtual machines slow to start in the west', 'Queue messages delayed in the north region', 'Object uploads failing for some buckets', 'Outage of the managed database service'];

describe('icons before the headline, each an element of its own', () => {
  const rows = incidents.map((text, index) => `<tr><td>region-${index}</td><td><a href="/incident/${7100 + index}"><div><span title="Incident">🚨</span>&nbsp;<span title="Level">${index % 2 ? '🟨' : '🟧'}</span>&nbsp;<span class="link">${text}</span></div><div class="small">🕒&nbsp;<span class="stamp">2024-11-2${index}T10:00:00Z</span></div></a></td><td>Closed</td><td>2024-11-2${index}T10:00:00Z</td></tr>`);
  const body = `<table class="history"><tbody>${rows.join('')}</tbody></table>`;

  it('are left out of the titles of a status history with the option on', async () => {
    expect(await titlesOf(body, true)).toEqual(incidents);
  });

  it('stay in the titles by default', async () => {
    expect(await titlesOf(body)).toEqual(incidents.map((text, index) => `🚨 ${index % 2 ? '🟨' : '🟧'} ${text}`));
  });
});

function elementOf(html: string): Element {
  return parseDocument(html).children.find((node): node is Element => node.type === 'tag')!;
}

describe('withoutIconElements', () => {
  it('drops symbols that are each the whole text of an element before the headline', () => {
    expect(withoutIconElements('Ⓐ◉ Spring Contest 12', elementOf('<td><span title="Algorithm">Ⓐ</span><span>◉</span> <a href="/c/12">Spring Contest 12</a></td>'))).toBe('Spring Contest 12');
  });

  it('keeps symbols written in the headline\'s own text', () => {
    expect(withoutIconElements('🚀 Drivers wanted for the night shift', elementOf('<a href="/post/1">🚀 Drivers wanted for the night shift</a>'))).toBe('🚀 Drivers wanted for the night shift');
  });

  it('keeps a title that is only symbols and a short word', () => {
    expect(withoutIconElements('★ ok', elementOf('<a href="/p"><span>★</span> ok</a>'))).toBe('★ ok');
  });
});
