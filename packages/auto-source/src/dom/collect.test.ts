import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { collectGroups } from './collect.js';

const cards = (count: number, inner = ''): string => Array.from({ length: count }, (_, index) => `<div class="card"><a href="/c/${index}">Card ${index}</a>${inner}</div>`).join('');

describe('collectGroups', () => {
  it('keeps only the outermost members of a class cluster that spans levels', () => {
    const document = page(`<main>${cards(3, cards(2))}</main>`);
    const group = collectGroups(document.document).groups.find((candidate) => candidate.kind === 'class' && candidate.key === 'div.card');
    expect(group?.members).toHaveLength(3);
    expect(group?.members.every((member) => member.parent?.type === 'tag' && (member.parent as { name: string }).name === 'main')).toBe(true);
  });

  it('keeps a member that sits more than 60 levels below another one', () => {
    const deep = `${'<section>'.repeat(70)}<div class="card"><a href="/deep">Deep</a></div><p>beside</p>${'</section>'.repeat(70)}`;
    const document = page(`<main>${cards(1, deep)}${cards(2)}</main>`);
    const group = collectGroups(document.document).groups.find((candidate) => candidate.kind === 'class' && candidate.key === 'div.card');
    expect(group?.members).toHaveLength(4);
  });

  it('counts subtree sizes and links on placements', () => {
    const document = page('<main><ul><li><a href="/a">A</a></li><li><h2>B</h2><p>text</p></li></ul></main>');
    const { placementOf, groups } = collectGroups(document.document);
    const items = groups.find((group) => group.key.endsWith('>li'))?.members ?? [];
    expect(items.map((item) => placementOf(item)?.size)).toEqual([2, 3]);
    expect(items.map((item) => placementOf(item)?.anchors)).toEqual([1, 1]);
  });
});
