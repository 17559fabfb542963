import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { isCollectionAddress, isPeriodTitle } from './period-titles.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Ten posts, each a linked heading and a short teaser, in a plain column (no article or main tags). */
const posts = (titles: (index: number) => string, href: (index: number) => string): string =>
  Array.from({ length: 10 }, (_, index) => `<div class="entry"><h3><a href="${href(index)}">${titles(index)}</a></h3><p>Short teaser ${index}.</p></div>`).join('');
/** A sidebar of `count` links, in a plain `div` (neither `aside` nor a chrome-like name). */
const sidebar = (count: number, link: (index: number) => string): string => `<div class="col-b"><ul>${Array.from({ length: count }, (_, index) => `<li>${link(index)}</li>`).join('')}</ul></div>`;
const monthLink = (index: number): string => {
  const year = 2024 - Math.floor(index / 12);
  const month = 12 - (index % 12);
  return `<a href="/${year}/${String(month).padStart(2, '0')}/">${MONTHS[month - 1]} ${year}</a> (${(index % 7) + 1})`;
};

async function urlsOf(html: string): Promise<string[]> {
  const result = await createAutoSource().extract(page(`<html lang="en"><body>${html}</body></html>`, 'https://blog.example.test/'), context());
  return result.items.map((item) => item.url ?? '');
}

describe('archive widgets (issue #16)', () => {
  it('reads a month or year alone as a period, in the languages of the date parser', () => {
    for (const title of ['march 2019', 'mar 2019', 'mai 2019', 'july', 'january (12)', '2019年3月', '2019年03月(12)', '7月 ( 2 )', '2019/03', '› 2009 (45)', '2019']) expect(isPeriodTitle(title), title).toBe(true);
    for (const title of ['release 2019-03', 'march 2019 newsletter', 'september 26, 2009', '2019-03-01', 'home', 'about', 'news', 'xyzzy 2019']) expect(isPeriodTitle(title), title).toBe(false);
  });

  it('tells a year or month archive address from the address of an item', () => {
    for (const url of ['https://b.test/2008/', 'https://b.test/2019/03/', 'https://b.test/2009/archive/2009_01_01_archive.html', 'https://b.test/?m=201903', 'https://b.test/me/archive1-201903.html']) expect(isCollectionAddress(url), url).toBe(true);
    for (const url of ['https://b.test/2019/03/a-post.html', 'https://g.test/o/r/releases/tag/v2.4.0', 'https://b.test/2019-03', undefined]) expect(isCollectionAddress(url), url).toBe(false);
  });

  it('chooses the posts over a sidebar of short links to year pages', async () => {
    const years = (index: number): string => `<a href="/${2024 - index}/">${2024 - index} concert notes</a>`;
    const urls = await urlsOf(posts((index) => `Garden ${index}`, (index) => `/notes-${index}.html`) + sidebar(40, years));
    expect(urls).toHaveLength(10);
    expect(urls.every((url) => /\/notes-\d+\.html$/.test(url))).toBe(true);
  });

  it('chooses ten posts over a forty-month archive sidebar', async () => {
    const urls = await urlsOf(posts((index) => `Garden ${index}`, (index) => `/notes-${index}.html`) + sidebar(40, monthLink));
    expect(urls).toHaveLength(10);
    expect(urls.every((url) => /\/notes-\d+\.html$/.test(url))).toBe(true);
  });

  it('chooses the posts over a CJK month archive with post counts', async () => {
    const cjk = (index: number): string => `<a href="/blog/archive1-2024${String(12 - (index % 12)).padStart(2, '0')}.html">${12 - (index % 12)}月</a> <span>( ${(index % 5) + 1} )</span>`;
    const urls = await urlsOf(posts((index) => `今日の出来事その${index}`, (index) => `/blog/entry-${index}.html`) + sidebar(36, cjk));
    expect(urls).toHaveLength(10);
    expect(urls.every((url) => /\/entry-\d+\.html$/.test(url))).toBe(true);
  });

  it('keeps the posts first beside a tag cloud', async () => {
    const tag = (index: number): string => `<a href="/tag/topic-${index}">topic ${index}</a> (${index + 1})`;
    const urls = await urlsOf(posts((index) => `Notes from the garden ${index}`, (index) => `/2024/05/notes-${index}.html`) + sidebar(30, tag));
    expect(urls).toHaveLength(10);
    expect(urls.every((url) => /\/notes-\d+\.html$/.test(url))).toBe(true);
  });

  it('still chooses a genuine list whose titles contain a month and year', async () => {
    const issues = posts((index) => `${MONTHS[11 - index]} 2019 newsletter`, (index) => `/newsletter/2019-${12 - index}`);
    const releases = posts((index) => `Release 2019-${String(12 - index).padStart(2, '0')}`, (index) => `/releases/2019-${12 - index}`);
    for (const list of [issues, releases]) {
      const urls = await urlsOf(list + sidebar(12, (index) => `<a href="/about/${index}">About page ${index}</a>`));
      expect(urls).toHaveLength(10);
      expect(urls.every((url) => /\/(newsletter|releases)\/2019-\d+$/.test(url))).toBe(true);
    }
  });
});
