import { FeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { markupConfirmsStructuredList } from './structured-list.js';

const PAGE = 'https://example.test/group/events/';
const events = [1, 2, 3, 4].map((n) => ({ url: `https://example.test/group/events/${1000 + n}/`, title: `Monthly meetup number ${n}` }));

/** A page with og:type=article, a JSON-LD list of events and (optionally) the same events as repeated rows. */
function eventsPage({ rows = true, jsonLdArticle = false, longText = false } = {}): string {
  const jsonLd = events.map((event, n) => ({ '@context': 'https://schema.org', '@type': 'Event', name: event.title, url: event.url, startDate: `2024-05-0${n + 1}T18:00` }));
  if (jsonLdArticle) jsonLd.push({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'A group page', url: PAGE } as never);
  const list = rows
    ? `<ul class="events">${events.map((event, n) => `<li class="event"><h3><a href="${event.url}">${event.title}</a></h3><time>2024-05-0${n + 1}</time><p>Talks, pizza and a walk to the pub afterwards.</p></li>`).join('')}</ul>`
    : '';
  const text = longText ? `<p>${'The group meets every month to hear talks from members and guests about what they are building. '.repeat(40)}</p>` : '';
  return `<html><head><title>Events</title><meta property="og:type" content="article"><script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><main><h1>Upcoming events</h1>${text}${list}</main></body></html>`;
}

const outcome = async (html: string) => {
  try {
    return `${(await createAutoSource().extract(page(html, PAGE), context())).items.length} items`;
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    return error.class;
  }
};

describe('a structured-data list the markup repeats', () => {
  it('is confirmed only by three distinct links or more, not the page itself, nearly all shown by the DOM tier', () => {
    expect(markupConfirmsStructuredList(events, events, PAGE)).toBe(true);
    expect(markupConfirmsStructuredList(events, events.slice(0, 3), PAGE)).toBe(false);
    expect(markupConfirmsStructuredList(events, undefined, PAGE)).toBe(false);
    expect(markupConfirmsStructuredList(events.slice(0, 2), events, PAGE)).toBe(false);
    expect(markupConfirmsStructuredList([...events, { url: PAGE, title: 'This page' }], [...events, { url: PAGE, title: 'This page' }], PAGE)).toBe(false);
    expect(markupConfirmsStructuredList([...events, events[0]!], events, PAGE)).toBe(true);
    expect(markupConfirmsStructuredList([events[0]!, events[0]!, events[1]!], events, PAGE)).toBe(false);
    expect(markupConfirmsStructuredList([...events, { title: 'No link' }], events, PAGE)).toBe(false);
    // A fragment or a trailing slash does not make a link another one.
    expect(markupConfirmsStructuredList(events.map((event) => ({ ...event, url: `${event.url}#top` })), events.map((event) => ({ ...event, url: event.url.slice(0, -1) })), PAGE)).toBe(true);
  });

  it('outweighs a blanket og:type=article', async () => {
    expect(await outcome(eventsPage())).toBe('4 items');
  });

  it('leaves the declaration in force when the markup does not show the list', async () => {
    expect(await outcome(eventsPage({ rows: false }))).toBe('unsupported_surface');
  });

  it('does not overrule a JSON-LD article entity, nor a long body text beside a short list', async () => {
    expect(await outcome(eventsPage({ jsonLdArticle: true }))).toBe('unsupported_surface');
    expect(await outcome(eventsPage({ longText: true }))).toBe('unsupported_surface');
  });
});
