import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { findAll } from './dom.js';
import { collapse, textOf } from './text.js';

const markup = `<div id="list">
  <ul>
    <li>  First\u00a0item <b>bold</b>\n\n<br>after break </li>
    <li><a href="/a">Second</a>   <span> item </span><script>ignored()</script></li>
    <li>   </li>
    <li>Fourth<template>hidden</template> item</li>
  </ul>
  <p>Tail   text</p>
</div>`;

describe('textOf', () => {
  it('gives the same text for a wrapper whether or not its parts were read first', () => {
    const cold = parseDocument(markup);
    const warm = parseDocument(markup);
    // Read every element of one copy bottom-up (children cached first), the other not at all.
    const elements = findAll(warm, () => true).reverse();
    const warmTexts = elements.map((element) => textOf(element));
    const coldTexts = findAll(cold, () => true).reverse().map((element) => textOf(element));
    expect(warmTexts).toEqual(coldTexts);
    expect(textOf(findAll(cold, (element) => element.name === 'div')[0]!)).toBe('First item bold after break Second item Fourth item Tail text');
  });

  it('cuts long text at the limit asked for, from a cached wrapper too', () => {
    const items = Array.from({ length: 400 }, (_, index) => `<li>item number ${index} with some words</li>`).join('');
    const document = parseDocument(`<ul>${items}</ul>`);
    const list = findAll(document, (element) => element.name === 'ul')[0]!;
    const uncached = textOf(parseDocument(`<ul>${items}</ul>`).children[0]!, 4_000);
    for (const item of findAll(document, (element) => element.name === 'li')) textOf(item);
    expect(textOf(list, 4_000)).toBe(uncached);
    expect(uncached.length).toBe(4_000);
  });
});

describe('collapse', () => {
  it('turns every run of whitespace into one space, as the plain definition does', () => {
    const plain = (text: string): string => text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
    const characters = ['a', 'b', ' ', '\n', '\t', '\r', '\u00a0', '\u200b', '\u2003', 'é'];
    let seed = 7;
    const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let round = 0; round < 5_000; round += 1) {
      const text = Array.from({ length: next() % 12 }, () => characters[next() % characters.length]).join('');
      expect(collapse(text)).toBe(plain(text));
    }
  });
});
