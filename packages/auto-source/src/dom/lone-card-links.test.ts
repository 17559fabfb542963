import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';

// Every page here is written for the test (fifteenth session: a card's one link is its item's).
const POSTS = ['Training starts again on Monday', 'New kit for the under-twelves', 'Parents meeting after the match', 'Pitch calendar for the spring', 'Volunteers wanted for the summer camp', 'Results of the club tournament'];

/** News cards: an unlinked heading, a short excerpt, and a footer with the date and a "read on" button. */
const cards = (button: string, offSite = false): string =>
  `<div class="grid">${POSTS.map(
    (post, n) => `<div class="item"><div class="box"><h2>${post}</h2><p>A few lines about ${post.toLowerCase()}.${offSite ? ` Join online at <a href="https://call.example.org/room-${n}">the call</a>.` : ''}</p>
      <div class="footer"><small>0${n + 1}.05.2026 | The club</small><a class="btn" href="/news/show?id=${9100 + n * 7}">${button}</a></div></div></div>`,
  ).join('')}</div>`;

/** Flat blocks: each heading followed by its excerpt block, whose button is its only link. */
const flat = (): string =>
  `<div class="listing">${POSTS.map((post, n) => `<h2>${post}</h2><div class="excerpt"><p>A few lines about ${post.toLowerCase()}.</p><div class="more"><a href="/news/${2026}-${n + 1}">Read on</a></div></div>`).join('')}</div>`;

/** Cards whose footers all link one shared page: no card has a link of its own. */
const shared = (): string =>
  `<div class="grid">${POSTS.map((post, n) => `<div class="item"><h2>${post}</h2><p>Notice ${n + 1}.</p><a href="/news">All news</a></div>`).join('')}</div>`;

const URL = 'https://club.example.test/team/main';

async function extract(body: string, loneCardLinks?: boolean) {
  const options = loneCardLinks === undefined ? {} : { loneCardLinks };
  return createAutoSource(options).extract(page(`<!doctype html><html><body><main><h1>Our team</h1>${body}</main></body></html>`, URL), context());
}

describe('loneCardLinks: an unlinked heading takes its card\'s one link', () => {
  it('is off by default: the items link to the page', async () => {
    const { items } = await extract(cards('Les mer'));
    expect(items.map((item) => item.title)).toEqual(POSTS);
    expect(items.every((item) => item.url === URL)).toBe(true);
  });

  it('with loneCardLinks, each card takes its button, whatever the button says', async () => {
    const { items } = await extract(cards('Les mer'), true);
    expect(items.map((item) => item.url)).toEqual(POSTS.map((_, n) => `https://club.example.test/news/show?id=${9100 + n * 7}`));
  });

  it('does not count a link off the site in the excerpt', async () => {
    const { items } = await extract(cards('Weiterlesen', true), true);
    expect(items.map((item) => item.url)).toEqual(POSTS.map((_, n) => `https://club.example.test/news/show?id=${9100 + n * 7}`));
  });

  it('reads a flat list: a heading and the blocks after it up to the next heading', async () => {
    const { items } = await extract(flat(), true);
    expect(items.map((item) => item.url)).toEqual(POSTS.map((_, n) => `https://club.example.test/news/2026-${n + 1}`));
  });

  it('leaves the items alone when the cards share one link', async () => {
    const { items } = await extract(shared(), true);
    expect(items.some((item) => item.url === 'https://club.example.test/news')).toBe(false);
  });
});
