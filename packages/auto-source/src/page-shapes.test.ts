import { FeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from './create-auto-source.js';
import { context, page } from './test-support/helpers.js';

/** Common page shapes written by hand (not from the corpus): lists win, single posts fail. */
const posts = [1, 2, 3, 4, 5, 6].map((index) => ({ url: `/2024/0${index}/some-post-title-${index}/`, title: `Some post title number ${index}` }));
const expectedUrls = posts.map((post) => `https://blog.example${post.url}`);
const nav = `<header class="site-header"><nav><ul><li><a href="/">Home</a></li><li><a href="/about/">About</a></li><li><a href="/contact/">Contact</a></li><li><a href="/category/news/">News</a></li></ul></nav></header>`;
const sidebar = `<aside class="widget-area"><section class="widget"><h2>Recent Posts</h2><ul>${posts.map((post) => `<li><a href="${post.url}">${post.title}</a></li>`).join('')}</ul></section></aside>`;
const paragraphs = Array.from({ length: 12 }, (_, index) => `<p>This is paragraph ${index} of a long single blog post; it talks about many things in detail so that the page reads like an article.</p>`).join('');

const lists: Record<string, string> = {
  'WordPress-style posts with a sidebar': `<body class="home blog">${nav}<main id="main">${posts
    .map((post) => `<article class="post hentry"><header class="entry-header"><h2 class="entry-title"><a href="${post.url}">${post.title}</a></h2><time datetime="2024-01-01T10:00:00Z">January 1, 2024</time></header><div class="entry-summary"><p>Excerpt of the post.</p></div><footer class="entry-footer"><a href="/category/news/">News</a> <a href="${post.url}#comments">Leave a comment</a></footer></article>`)
    .join('')}</main>${sidebar}</body>`,
  'static-site list of links with dates': `<body>${nav}<main><h1>Posts</h1><ul>${posts.map((post) => `<li><a href="${post.url}">${post.title}</a> <time datetime="2024-01-01">Jan 2024</time></li>`).join('')}</ul></main><footer><a href="/index.xml">RSS</a></footer></body>`,
  'utility-class grid of whole-card links': `<body>${nav}<div class="grid grid-cols-3 gap-4">${posts.map((post) => `<a class="block rounded-lg p-4" href="${post.url}"><img src="/i.png" alt=""><h3 class="text-lg">${post.title}</h3><p>A short teaser.</p></a>`).join('')}</div></body>`,
  'table with one item per row': `<body>${nav}<table><tr><th>Title</th><th>Date</th></tr>${posts.map((post) => `<tr><td><a href="${post.url}">${post.title}</a></td><td>2024-01-01</td></tr>`).join('')}</table></body>`,
};

const singles: Record<string, string> = {
  'single post with a recent-posts sidebar': `<body class="single single-post">${nav}<main><article class="post"><h1>One post</h1><div class="entry-content">${paragraphs}</div></article></main>${sidebar}</body>`,
  'old blog post without metadata': `<body><div id="header"><a href="/">My blog</a></div><div class="post"><h1>One post</h1>${paragraphs}</div><div id="sidebar">${sidebar}</div></body>`,
};

describe('page shapes', () => {
  const autoSource = createAutoSource();

  it.each(Object.entries(lists))('%s → the posts', async (_shape, html) => {
    const result = await autoSource.extract(page(`<html>${html}</html>`, 'https://blog.example/'), context());
    expect(result.items.map((item) => item.url)).toEqual(expectedUrls);
    expect(result.items[0]?.title).toBe('Some post title number 1');
  });

  it.each(Object.entries(singles))('%s → unsupported_surface', async (_shape, html) => {
    const error = await autoSource.extract(page(`<html>${html}</html>`, 'https://blog.example/2024/01/one-post/'), context()).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FeedError);
    expect((error as FeedError).class).toBe('unsupported_surface');
  });
});

describe('item snippets', () => {
  it('do not repeat the date that became published_at', async () => {
    const html = `<body><main>${posts
      .map((post) => `<div class="post"><h2><a href="${post.url}">${post.title}</a></h2><div class="post-content"><span class="post-date">2024-03-0${posts.indexOf(post) + 1}</span> The opening words of this post, long enough to be a snippet.</div></div>`)
      .join('')}</main></body>`;
    const result = await createAutoSource().extract(page(`<html>${html}</html>`, 'https://blog.example/'), context());
    expect(result.items.map((item) => item.url)).toEqual(expectedUrls);
    expect(result.items[0]?.description).toBe('The opening words of this post, long enough to be a snippet.');
    expect(result.items[0]?.published_at).toBe('2024-03-01');
  });
});
