import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page, ROW_TEXTS } from '../test-support/helpers.js';
import { fitOf, targetShapeOf } from './row-link-shape.js';

// Every page here is written for the test (eighth session: the rows of a list and the link each gets).
const TEXTS = ROW_TEXTS;

/** One timeline row: the author's profile (long text), the post's text, and its permalink (a date). */
const row = (n: number, options: { author?: string; wrapped?: boolean } = {}): string => {
  const author = options.author ?? 'checker';
  const header = `<div class="head"><a class="profile" href="/${author}">The ${author} team and friends @${author}</a> <small class="time"><a href="/${author}/status/${9000 + n}">1${n} jul</a></small></div>`;
  return `<div class="item">${options.wrapped ? `<div class="context">Reposted by checker</div><div class="inner">${header}</div>` : header}<p class="text">${TEXTS[n]}</p></div>`;
};

async function extract(body: string, url = 'https://social.test/checker') {
  return createAutoSource().extract(page(`<!doctype html><html><body><main><div class="stream">${body}</div></main></body></html>`, url), context());
}

describe('the target shape of a list\u2019s links', () => {
  const shape = targetShapeOf(['https://s.test/a/status/1234', 'https://s.test/a/status/1235', 'https://s.test/a/status/1236', 'https://s.test/b/status/1299', 'https://s.test/a'])!;

  it('is the frame most rows share, with the segments most of them repeat', () => {
    expect(shape.fixed).toEqual(['a', 'status', undefined]);
    expect(fitOf(shape, 'https://s.test/a/status/4321')).toBe(0);
  });

  it('lets one fixed segment differ (another author) but not the frame', () => {
    expect(fitOf(shape, 'https://s.test/zed/status/4321')).toBe(1);
    expect(fitOf(shape, 'https://s.test/zed')).toBe(-1);
    expect(fitOf(shape, 'https://s.test/zed/likes/4321')).toBe(-1);
    expect(fitOf(shape, 'https://other.test/a/status/4321')).toBe(-1);
    expect(fitOf(shape, 'https://s.test/a/status/4321?ref=x')).toBe(-1);
  });

  it('says nothing when no frame holds most rows, or the frame has no fixed or numeric segment', () => {
    expect(targetShapeOf(['https://s.test/news/a-story', 'https://s.test/sport/b-story', 'https://s.test/arts/c-story'])).toBeUndefined();
    expect(targetShapeOf(['https://s.test/a/1234', 'https://s.test/b', 'https://s.test/c/d/e', 'https://x.test/1'])).toBeUndefined();
    expect(targetShapeOf(['https://s.test/a/1234', 'https://s.test/a/1235'])).toBeUndefined();
  });
});

describe('rows whose link is not where the other rows have theirs', () => {
  it('gives a reposted row (its header wrapped once more) its own permalink, not the author profile', async () => {
    const body = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => row(n, n === 2 || n === 5 ? { author: `guest${n}`, wrapped: true } : {})).join('');
    const { items } = await extract(body);
    expect(items.map((item) => item.url)).toEqual(TEXTS.map((_, n) => `https://social.test/${n === 2 || n === 5 ? `guest${n}` : 'checker'}/status/${9000 + n}`));
  });

  it('brings back job rows built another way whose fallback link was the shared apply page', async () => {
    const jobs = ['Grant Director', 'Accounting Lead', 'Patent Advisor', 'Project Engineer', 'Site Manager', 'Plant Manager', 'Quality Manager', 'Test Technician', 'Design Engineer'];
    const slug = (title: string) => title.toLowerCase().replace(/ /g, '-');
    const body = jobs
      .map((title, n) =>
        n % 3 === 2
          ? `<div class="job"><span class="role"><a href="/jobs/${slug(title)}">${title}</a></span><p>Zurich, full time</p><a href="/apply">Apply on our careers portal today</a></div>`
          : `<div class="job"><h3><a href="/jobs/${slug(title)}">${title}</a></h3><p>Zurich, full time</p><a href="/apply">Apply on our careers portal today</a></div>`,
      )
      .join('');
    const { items } = await extract(body, 'https://firm.test/careers');
    expect(items.map((item) => item.url)).toEqual(jobs.map((title) => `https://firm.test/jobs/${slug(title)}`));
  });

  it('leaves rows alone whose links lead to pages of different shapes (no frame holds most rows)', async () => {
    const urls = ['/news/2024/05/harbour', '/video/clip-77', '/a/b/c/d', '/gallery?id=5', '/live', '/podcasts/ep/12/intro'];
    const body = urls.map((href, n) => `<div class="card"><h3><a href="${href}">${TEXTS[n]}</a></h3><a class="section" href="/section/${n}/topics/all">Section ${n}</a></div>`).join('');
    const { items } = await extract(body, 'https://news.test/');
    expect(items.map((item) => new URL(item.url!).pathname + new URL(item.url!).search)).toEqual(urls);
  });
});
