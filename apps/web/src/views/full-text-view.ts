import type { ApiResult, ArticleResponse } from '../api-types.js';
import { h } from '../dom.js';

/** Loads one item page's article through the server (POST /api/v1/article). */
export type LoadFullText = (url: string) => Promise<ApiResult<ArticleResponse>>;

/**
 * "Full text" under a preview item: opening it asks the server for the item page's readable article
 * (what `full_text: true` would put in the feed) and shows it as paragraphs of text — text nodes
 * only, never the page's HTML. Loaded once, on first opening.
 */
export function renderFullText(url: string, load: LoadFullText): HTMLElement {
  const body = h('div', { class: 'full-text', 'aria-live': 'polite' });
  const details = h('details', { class: 'item-full-text' }, h('summary', {}, 'Full text'), body);
  let started = false;
  details.addEventListener('toggle', () => {
    if (!details.open || started) return;
    started = true;
    body.replaceChildren(h('p', { class: 'muted' }, 'Reading the article…'));
    void load(url).then((answer) => {
      if (!answer.ok) {
        body.replaceChildren(h('p', { class: 'muted' }, `The article could not be read: ${answer.failure.message}`));
        started = false;
        return;
      }
      const paragraphs = answer.data.text.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== '');
      body.replaceChildren(
        ...(paragraphs.length > 0
          ? paragraphs.map((paragraph) => h('p', {}, paragraph))
          : [h('p', { class: 'muted' }, 'No article text was found on this page; a feed with full_text would keep the summary.')]),
      );
    });
  });
  return details;
}
