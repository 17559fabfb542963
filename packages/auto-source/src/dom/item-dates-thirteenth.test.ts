import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, thirteenth session: numbers that are not dates; small pages of our own.

const names = ['Quiet room near the park', 'Bright flat with a balcony', 'Studio by the river', 'Shared flat for students', 'Room in a family house'];

describe('numbers that are not dates', () => {
  it('reads no date from a title (or its tooltip) listing four numbers joined by slashes', async () => {
    const row = (index: number): string => {
      const title = `${names[index]}, near lines 3/4/7/1${index}`;
      return `<tr><td class="title"><a href="/topic/${index}" title="${title}">${title}</a></td><td><a href="/people/${index}">member${index}</a></td><td>${index + 2}</td></tr>`;
    };
    const items = await itemsOf(`<table>${names.map((_, index) => row(index)).join('')}</table>`);
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.day)).toEqual(names.map(() => undefined));
  });

  it('still reads the date of a row whose title lists such numbers', async () => {
    const row = (index: number): string =>
      `<tr><td><a href="/topic/${index}">${names[index]}, near lines 3/4/7/13</a></td><td>member${index}</td><td>${10 + index} March 2024</td></tr>`;
    const items = await itemsOf(`<table>${names.map((_, index) => row(index)).join('')}</table>`);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2024-03-${10 + index}`));
  });
});
