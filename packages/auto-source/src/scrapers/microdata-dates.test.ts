import { describe, expect, it } from 'vitest';
import { context, page } from '../test-support/helpers.js';
import { microdata } from './microdata.js';

const POST = (n: number, time: string) => `<article itemscope itemtype="http://schema.org/BlogPosting">
  <header><h1 itemprop="name"><a itemprop="url" href="/posts/${n}">Post ${n}</a></h1>${time}</header>
  <div itemprop="articleBody"><p>Quoted from 2005/08/04 00:52:48 in an old thread.</p></div>
  <div itemprop="comment" itemscope itemtype="http://schema.org/Comment"><time datetime="2030-01-01">later</time></div>
</article>`;

describe('microdata scraper: the date of a scope that marks only its name and URL', () => {
  it('takes the scope\'s own <time datetime>, never a nested scope\'s or a date in the body text', async () => {
    const html = `<!doctype html><html><body>${POST(1, '<p><time datetime="2016-03-18T23:05:27+0900" pubdate>2016年03月18日</time></p>')}${POST(2, '')}</body></html>`;
    const result = await microdata.scrape(page(html, 'https://example.test/'), context());
    expect(result.items.map((item) => [item.title, item.published_at])).toEqual([
      ['Post 1', '2016-03-18T23:05:27+0900'],
      ['Post 2', undefined],
    ]);
  });
});

const ENTRY = (n: number, time: string) => `<li><div class="h-entry">
  <span class="h-cite"><a class="u-url" href="https://elsewhere.test/${n}">Story ${n}</a><time datetime="2001-01-01">cited</time></span>
  <div class="byline"><a href="/~someone">someone</a> ${time}</div>
  <div class="h-entry"><time datetime="2030-01-01 00:00:00">a reply</time></div>
</div></li>`;

describe('microformats scraper: the date of an h-entry without dt-published', () => {
  it('takes the entry\'s own <time datetime>, never a citation\'s or a nested entry\'s', async () => {
    const html = `<!doctype html><html><body><ul>${ENTRY(1, '<time title="2026-07-09 10:41:15" datetime="2026-07-09 10:41:15">4 hours ago</time>')}${ENTRY(2, '')}</ul></body></html>`;
    const result = await microdata.scrape(page(html, 'https://example.test/'), context());
    expect(result.items.map((item) => [item.title, item.published_at])).toEqual([
      ['Story 1', '2026-07-09 10:41:15'],
      ['Story 2', undefined],
    ]);
  });
});

describe('microdata scraper: a datePublished set as an abbr with the machine date in its title', () => {
  it('takes the title\'s machine date, not the time of day the abbr shows', async () => {
    const post = (n: number, day: string, time: string) => `<div class="post" itemprop="blogPost" itemscope itemtype="http://schema.org/BlogPosting">
      <meta itemprop="url" content="https://example.test/2020/06/post-${n}.html"><h3 itemprop="name"><a href="/2020/06/post-${n}.html">Post ${n}</a></h3><div itemprop="articleBody">Some words.</div>
      <div class="footer">Posted at <a href="/2020/06/post-${n}.html" rel="bookmark"><abbr itemprop="datePublished" title="${day}">${time}</abbr></a></div></div>`;
    const html = `<!doctype html><html><body>${post(1, '2020-06-20T07:26:00-07:00', '07:26')}${post(2, 'noon', '12:00')}</body></html>`;
    const result = await microdata.scrape(page(html, 'https://example.test/'), context());
    expect(result.items.map((item) => [item.title, item.published_at])).toEqual([
      ['Post 1', '2020-06-20T07:26:00-07:00'],
      ['Post 2', '12:00'],
    ]);
  });
});
