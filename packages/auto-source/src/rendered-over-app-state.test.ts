import { describe, expect, it } from 'vitest';
import { createAutoSource } from './create-auto-source.js';
import { context, page, ROW_TEXTS } from './test-support/helpers.js';

// Every page here is written for the test (tenth session: a script's JSON state is read only when
// the rendered markup holds no list).
const EVENTS = ['Harbour meetup: queues in practice', 'Northfield user group spring session', 'Lakeside conference day two talks', 'Meridian workshop on testing tools'];
const state = `<script>window.__STATE__ = ${JSON.stringify({ sidebar: { upcoming: EVENTS.map((title, n) => ({ title, url: `https://events.example/e/${700 + n}` })) } })};</script>`;
const posts = ROW_TEXTS.slice(0, 6).map((text, n) => `<article><h2><a href="/blog/post-${n}">${text}</a></h2><p>${text} — what changed and why, with examples.</p><time datetime="2026-0${n + 1}-10">${n + 1}/10</time></article>`).join('');

describe('the rendered list over the app state', () => {
  it('takes the rendered posts over an events box kept in the page\u2019s JSON state', async () => {
    const html = `<!doctype html><html><body><main><h1>Blog</h1>${posts}</main>${state}</body></html>`;
    const { items, diagnostics } = await createAutoSource().extract(page(html, 'https://product.test/blog'), context());
    expect(diagnostics.scraper).toBe('dom');
    expect(items.map((item) => item.url)).toEqual(ROW_TEXTS.slice(0, 6).map((_, n) => `https://product.test/blog/post-${n}`));
    // Switched off, the state's events win (the tier order before the tenth session).
    const off = await createAutoSource({ renderedOverAppState: false }).extract(page(html, 'https://product.test/blog'), context());
    expect(off.diagnostics.scraper).toBe('app-state');
  });

  it('still reads the state of a page whose markup is an empty shell', async () => {
    const html = `<!doctype html><html><body><div id="app"></div>${state}</body></html>`;
    const { items, diagnostics } = await createAutoSource().extract(page(html, 'https://product.test/events'), context());
    expect(diagnostics.scraper).toBe('app-state');
    expect(items.map((item) => item.title)).toEqual(EVENTS);
  });
});
