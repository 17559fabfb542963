import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { attribute, findFirst } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { refineTitle } from './item-title.js';

/** Refines `title` for the member marked `data-member`, whose primary link is marked `data-link`. */
function refined(html: string, title?: string): string {
  const document = page(`<!doctype html><html><body>${html}</body></html>`).document;
  const member = findFirst(document, (element) => attribute(element, 'data-member') !== undefined)!;
  const link = findFirst(document, (element) => attribute(element, 'data-link') !== undefined);
  return refineTitle({ member, link, title: title ?? (link ? textOf(link) : '') });
}

describe('refineTitle: the headline a reader should see', () => {
  it('takes the title element of a link that wraps the whole card', () => {
    const html = '<article data-member><a data-link href="/a"><header class="tp_title">"Wegen" oder "mit" COVID-19?</header><p>Die Zahl der Corona-Intensivpatienten steigt weiter dramatisch</p><span>Thomas Schuster</span></a></article>';
    expect(refined(html)).toBe('"Wegen" oder "mit" COVID-19?');
  });

  it('leaves out other links inside the heading (a tooltip link)', () => {
    const html = '<div data-member><h2><a data-link href="/a">Cloud Computing Services | Google Cloud</a><a href="/a"><span>Your browser indicates if you\'ve visited this link</span></a></h2></div>';
    expect(refined(html, "Cloud Computing Services | Google Cloud Your browser indicates if you've visited this link")).toBe('Cloud Computing Services | Google Cloud');
  });

  it('keeps a heading whose extra text is not a link (a subtitle belongs to the headline)', () => {
    const html = '<div data-member><h2><a data-link href="/a">Part One</a> <span>of the series</span></h2></div>';
    expect(refined(html, 'Part One of the series')).toBe('Part One of the series');
  });

  it('gives an identifier link the title element of its dd, without the "Title:" label', () => {
    const html = '<dl><dt data-member><a data-link href="/abs/1">arXiv:2111.05049</a></dt><dd><div class="list-title"><span class="descriptor">Title:</span> Ideal approach to convergence</div></dd></dl>';
    expect(refined(html)).toBe('Ideal approach to convergence');
  });

  it('keeps a colon that belongs to the headline', () => {
    const html = '<dl><dt data-member><a data-link href="/abs/1">#4711</a></dt><dd><div class="title">Gantz: "Es ist Zeit"</div></dd></dl>';
    expect(refined(html)).toBe('Gantz: "Es ist Zeit"');
  });

  it('replaces a title cut with … by the link title holding the full text', () => {
    const html = '<li data-member><a data-link href="/a" title="A long headline that the site cut short">A long headline that…</a></li>';
    expect(refined(html)).toBe('A long headline that the site cut short');
  });

  it.each([['Read more'], ['Continue reading →'], ['March 5, 2024']])('never keeps %s as the title when a heading exists', (linkText) => {
    const html = `<div data-member><h3>The real headline</h3><p>Text</p><a data-link href="/a">${linkText}</a></div>`;
    expect(refined(html)).toBe('The real headline');
  });
});
