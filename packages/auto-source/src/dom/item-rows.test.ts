import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { attribute, findFirst } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { cardAround } from './item-card.js';
import { findItemDate } from './item-date.js';
import { refineTitle } from './item-title.js';

/** The cell or row marked `data-member` and its link marked `data-link`. */
function parts(html: string, title?: string) {
  const document = page(`<!doctype html><html><body>${html}</body></html>`).document;
  const member = findFirst(document, (element) => attribute(element, 'data-member') !== undefined)!;
  const link = findFirst(document, (element) => attribute(element, 'data-link') !== undefined);
  return { member, link, title: title ?? (link ? textOf(link) : '') };
}

const RELEASES = (member: 'row' | 'cell') => `<table><tr><th>Version</th><th>Date</th><th>Notes</th></tr>
  <tr${member === 'row' ? ' data-member' : ''}><td>Tool 2.6.0</td><td>2018-12-25</td><td${member === 'cell' ? ' data-member' : ''}><a data-link href="/news/2-6-0">more...</a></td></tr>
  <tr><td>Tool 2.5.3</td><td>2018-10-18</td><td><a href="/news/2-5-3">more...</a></td></tr></table>`;

describe('table rows whose only link is a call to action', () => {
  it.each(['row', 'cell'] as const)('titles the item by the row\'s first headline cell (member = %s)', (member) => {
    expect(refineTitle(parts(RELEASES(member)))).toBe('Tool 2.6.0');
  });

  it('reads the date from the row around a cell member', () => {
    const { member, title } = parts(RELEASES('cell'));
    expect(findItemDate(member, title)).toBe('2018-12-25');
  });

  it('does not take a row whose other cells are items too (a grid of linked cells)', () => {
    const html = '<table><tr><td data-member><a data-link href="/a">Alpha</a></td><td><a href="/b">Beta</a> 2019-01-02</td></tr><tr><td><a href="/c">Gamma</a></td><td><a href="/d">Delta</a></td></tr></table>';
    const { member } = parts(html);
    expect(cardAround(member)).toBeUndefined();
    expect(findItemDate(member, 'Alpha')).toBeUndefined();
  });

  it('keeps "more..." out of titles but leaves a row without a headline cell as it was', () => {
    const html = '<table><tr><td>2018-12-25</td><td data-member><a data-link href="/a">more...</a></td></tr><tr><td>2018-12-24</td><td><a href="/b">more...</a></td></tr></table>';
    expect(refineTitle(parts(html))).toBe('more...');
  });
});

describe('a label before the heading\'s link', () => {
  it('is not part of the headline (a forum thread\'s prefix)', () => {
    const html = '<li data-member><h3><img src="/sticky.gif" alt=""> <span class="prefix">Wichtig:</span> <a data-link href="/t1">[Info] Read first</a></h3></li>';
    expect(refineTitle(parts(html, 'Wichtig: [Info] Read first'))).toBe('[Info] Read first');
  });

  it('stays when it is no label (no colon, or a number in it)', () => {
    expect(refineTitle(parts('<li data-member><h3><span>Breaking</span> <a data-link href="/t1">Storm hits coast</a></h3></li>', 'Breaking Storm hits coast'))).toBe('Breaking Storm hits coast');
    expect(refineTitle(parts('<li data-member><h3><span>Part 2:</span> <a data-link href="/t1">The return</a></h3></li>', 'Part 2: The return'))).toBe('Part 2: The return');
  });
});
