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
