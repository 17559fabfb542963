import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, fourteenth session: a badge set as an element of its own before the headline's text
// (a hash tag, a bracketed category, a label-classed prefix) is not a part of the title
// (dom/title-badges.ts).

const headlines = ['How to parse a request body by hand', 'A reading list for the winter months', 'Why the build takes twelve minutes', 'Notes from a small conference in spring', 'Five ways to test a date parser'];

describe('badges before the headline\'s text', () => {
  it('leaves out a hash-tag badge inside the heading of a card link', async () => {
    const cards = headlines.map((headline, index) => `<div class="story"><a href="/user${index}/post-${index}" class="story-link"><div class="content"><h3>${index % 2 === 0 ? '<span class="tag-identifier">#discuss</span>' : ''}${headline}</h3></div></a><h4><a href="/user${index}">Author ${index} · Oct ${index + 3}</a></h4></div>`);
    const items = await itemsOf(`<main>${cards.join('')}</main>`);
    expect(items.map((item) => item.title)).toEqual(headlines);
  });

  it('leaves out a label-classed prefix inside the title link', async () => {
    const rows = headlines.map((headline, index) => `<li class="row"><h3 class="row-title"><a href="/threads/${index}/">${index < 3 ? `<span class="label label--gray">${index === 0 ? 'Help' : 'News'}</span><span class="label-append">&nbsp;</span>` : ''}${headline}</a></h3><div class="row-minor">Posted by member${index}, 27 July 2020</div></li>`);
    const items = await itemsOf(`<ol class="results">${rows.join('')}</ol>`);
    expect(items.map((item) => item.title)).toEqual(headlines);
  });

  it('keeps a bracketed prefix written in the headline\'s own text, and an unclassed word before it', async () => {
    const titles = headlines.map((headline, index) => (index % 2 === 0 ? `[Topic] ${headline}` : headline));
    const rows = titles.map((title, index) => `<li><h3><a href="/t/${index}">${index === 1 ? `<span>Breaking</span> ${title}` : title}</a></h3><p>By member${index}</p></li>`);
    const items = await itemsOf(`<ul class="topics">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(titles.map((title, index) => (index === 1 ? `Breaking ${title}` : title)));
  });
});

describe('a label written before the headline in the link\'s text', () => {
  const questions = ['How to read the query string in a small web app', 'Waiting for an element to load in an end-to-end test', 'How to test a controller without a browser', 'Checking a box in an automated form test', 'How to inject services into unit tests without a framework'];

  it('leaves out "Q:" where the link\'s title names the question without it, and takes the whole title for a cut text', async () => {
    const rows = questions.map((question, index) => {
      const shown = index === 4 ? `${question.slice(0, 40)} …` : question;
      return `<div class="question-summary"><div class="stats"><strong>${index}</strong> votes</div><div class="summary"><div class="result-link"><span><a href="/questions/${1000 + index}/q-${index}" title="${question}">Q: ${shown}</a></span></div><div class="excerpt">A short excerpt of question ${index} about testing.</div><div class="started">asked Aug ${index + 1} '12</div></div></div>`;
    });
    const items = await itemsOf(`<div id="search">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(questions);
  });

  it('keeps a written prefix the link\'s title also starts with, and one on a link without a title', async () => {
    const rows = questions.map((question, index) => (index % 2 === 0 ? `<li><a href="/m/${index}" title="Re: ${question}">Re: ${question}</a> <span>member${index}</span></li>` : `<li><a href="/m/${index}">Re: ${question}</a> <span>member${index}</span></li>`));
    const items = await itemsOf(`<ul class="messages">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(questions.map((question) => `Re: ${question}`));
  });
});
