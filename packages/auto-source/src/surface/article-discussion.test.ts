import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../test-support/helpers.js';
import { discussionFacts, isDiscussion, memberRows } from './article-discussion.js';
import { parseHtml } from '@pagefeed/core';
import { selectOnPage } from '../dom/selectors.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';

// A gate that keeps every page, as another model may keep a thread: the check runs after the gate.
const KEEPS_ALL = { ...ARTICLE_GATE_MODEL, threshold: 2 };
const THREAD_URL = 'https://forum.example.test/threads/landing-in-bad-weather.123/';

const AUTHORS = ['riverbank', 'old_pilot', 'marta.k', 'riverbank', 'jh1974', 'north_wind', 'old_pilot', 'skylark'];
const SAID = [
  'I flew that route for years and the approach in summer was always bumpy, nothing unusual about it at all.',
  'The report says the crew followed the checklist, so I would wait for the final findings before guessing.',
  'Does anyone know whether the runway lights were working that night? The local news was not clear on it.',
  'They were, according to the airport notice that came out the next morning; the lights were checked twice.',
  'Weather was marginal but within limits, and two other aircraft landed in the ten minutes before it.',
  'Thanks all, this is the most useful discussion of the event I have found anywhere on the internet so far.',
  'The same thing happened to us in March, we went around once and the second approach was perfectly calm.',
  'Good to hear from people who actually fly there; the news articles were written by people who do not.',
];
// One discussion: a title, then posts by different people, each with the same small buttons and a body outside any link.
const posts = AUTHORS.map((author, index) => `<div class="post" id="p${index + 1}"><div class="head"><a href="/members/${author}">${author}</a> <a href="/threads/landing-in-bad-weather.123/?post=${4410 + index}#post-${4410 + index}">Re: Landing in bad weather</a> <span>3 March, 10:${10 + index}</span></div>
  <div class="body">${SAID[index]}</div><div class="tools"><a href="/reply?p=${index + 1}">Reply</a> <a href="/quote?p=${index + 1}">Quote</a> <a href="/report?p=${index + 1}">Report</a></div></div>`).join('');
const THREAD = `<html><head><title>Landing in bad weather - Forum</title></head><body><h1>Landing in bad weather</h1><div class="posts">${posts}</div></body></html>`;
// A list of stories: each item a linked title, an excerpt and the same share buttons.
const stories = SAID.map((text, index) => `<div class="story"><h2><a href="/news/story-${index + 1}">Story number ${index + 1} about the airport and its runway</a></h2>
  <p>${text}</p><div class="tools"><a href="/share?s=${index + 1}">Share</a> <a href="/save?s=${index + 1}">Save</a></div></div>`).join('');
const NEWS = `<html><head><title>Airport news</title></head><body><h1>Airport news</h1><div class="stories">${stories}</div></body></html>`;

describe('discussion refusals (fifteenth and sixteenth sessions)', () => {
  it('reads posts by different authors, with bodies and the same buttons, as a discussion; a list of linked titles not', () => {
    const thread = parseHtml(THREAD);
    const replies = selectOnPage(thread, 'div.posts > div.post .tools a:first-child');
    const facts = discussionFacts(replies, replies.map((link) => new URL(link.attribs['href']!, THREAD_URL).href));
    expect(facts.posts).toBe(8);
    expect(facts.authors).toBeGreaterThanOrEqual(2);
    expect(isDiscussion(facts)).toBe(true);
    const news = parseHtml(NEWS);
    const stories = selectOnPage(news, 'div.stories > div.story');
    expect(isDiscussion(discussionFacts(stories, stories.map((_, index) => `https://news.example.test/news/story-${index + 1}`)))).toBe(false);
  });

  it('does not read rows whose items lead each to a page of its own as a discussion (sixteenth session)', () => {
    // The same thread's rows, but each item links to a page of its own (a month archive of full posts,
    // release notes, critic reviews): a list, whatever its rows look like.
    const thread = parseHtml(THREAD);
    const replies = selectOnPage(thread, 'div.posts > div.post .tools a:first-child');
    const own = discussionFacts(replies, replies.map((_, index) => `https://blog.example.test/2006/06/post-${index + 1}.html`));
    expect(own.distinctTargets).toBe(1);
    expect(isDiscussion(own)).toBe(false);
    // Permalinks that differ only in their query or fragment lead to the thread itself.
    const permalinks = discussionFacts(replies, replies.map((_, index) => `${THREAD_URL}?post=${index + 1}#p${index + 1}`));
    expect(permalinks.distinctTargets).toBe(1 / 8);
    expect(isDiscussion(permalinks)).toBe(true);
  });

  it('widens each member to its row: the largest element around it holding at most a few members', () => {
    const thread = parseHtml(THREAD);
    const rows = memberRows(selectOnPage(thread, 'div.posts > div.post .tools a:first-child'));
    expect(rows.map((row) => row.attribs['id'])).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
    // The author link and the permalink of each post, both taken as items: still one row per post.
    expect(memberRows(selectOnPage(thread, 'div.head > a')).map((row) => row.attribs['id'])).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
  });

  it('refuses a thread a gate keeps by default; `discussionRefusals: false` leaves the gate alone', async () => {
    expect(await outcomeOf(THREAD, THREAD_URL, { articleModel: KEEPS_ALL })).toBe('unsupported_surface');
    expect(await outcomeOf(THREAD, THREAD_URL, { articleModel: KEEPS_ALL, discussionRefusals: true })).toBe('unsupported_surface');
    expect(await outcomeOf(THREAD, THREAD_URL, { articleModel: KEEPS_ALL, discussionRefusals: false })).toMatch(/ items$/);
    expect(await outcomeOf(THREAD, THREAD_URL)).toBe(await outcomeOf(THREAD, THREAD_URL, { discussionRefusals: true }));
    expect(await outcomeOf(NEWS, 'https://news.example.test/airport/', { articleModel: KEEPS_ALL, discussionRefusals: true })).toMatch(/ items$/);
  });
});
