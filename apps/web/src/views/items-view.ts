import type { PreviewItem } from '../api-types.js';
import { h, shorten, textOf } from '../dom.js';
import { renderFullText, type LoadFullText } from './full-text-view.js';

const SNIPPET_LENGTH = 220;
/** Items shown before "Show all": enough to judge a feed, few enough to read. */
export const FIRST_ITEMS = 25;

function formatDate(iso: string): HTMLElement | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const text = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
  return h('time', { datetime: date.toISOString() }, text);
}

function image(src: string): HTMLElement {
  // A picture that cannot load (gone, or refused by the page's security policy) is removed, not shown broken.
  const element = h('img', { src, alt: '', loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' });
  const box = h('div', { class: 'item-image' }, element);
  // The box goes with the picture: an empty grey box says nothing a reader would show.
  element.addEventListener('error', () => box.remove());
  return box;
}

/** Readers show the first picture of an item's HTML when it has no image of its own. */
function firstImage(html: string | undefined): string | undefined {
  if (!html) return undefined;
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return parsed.querySelector('img[src]')?.getAttribute('src') ?? undefined;
}

/** Only http(s) links are made clickable; anything else stays text. */
function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function renderItem(item: PreviewItem, loadFullText: LoadFullText | undefined): HTMLElement {
  const href = safeHref(item.url);
  const title = item.title || (item.url ?? 'Untitled item');
  const snippet = shorten(textOf(item.description ?? item.content ?? ''), SNIPPET_LENGTH);
  const date = item.published_at ? formatDate(item.published_at) : undefined;
  const imageSrc = safeHref(item.image ?? firstImage(item.description ?? item.content));
  const host = href ? new URL(href).host : undefined;
  const meta = [date, item.author ? h('span', {}, item.author) : undefined, host ? h('span', { class: 'item-host' }, host) : undefined].filter((part) => part !== undefined);
  return h(
    'li',
    { class: 'item' },
    h(
      'article',
      {},
      imageSrc ? image(imageSrc) : undefined,
      h('div', { class: 'item-body' },
        h('h4', { class: 'item-title' }, href ? h('a', { href, rel: 'noopener noreferrer', target: '_blank' }, title) : title),
        meta.length > 0 ? h('p', { class: 'item-meta' }, ...meta.flatMap((part, index) => (index === 0 ? [part] : [' · ', part]))) : undefined,
        snippet ? h('p', { class: 'item-snippet' }, snippet) : undefined,
        href && loadFullText ? renderFullText(href, loadFullText) : undefined,
      ),
    ),
  );
}

/**
 * Items as a feed reader would show them: picture (only when there is one), title linking to the
 * item, date, the link's site, a short snippet; with `loadFullText`, each item with a link can also
 * show its article's full text. The first 25, then a "Show all" button for the rest.
 */
export function renderItems(items: readonly PreviewItem[], loadFullText?: LoadFullText): HTMLElement {
  if (items.length === 0) return h('p', { class: 'muted' }, 'No items.');
  const render = (item: PreviewItem) => renderItem(item, loadFullText);
  const list = h('ol', { class: 'items' }, ...items.slice(0, FIRST_ITEMS).map(render));
  if (items.length <= FIRST_ITEMS) return list;
  const more = h('button', { type: 'button', class: 'show-all' }, `Show all ${items.length} items`);
  more.addEventListener('click', () => {
    list.append(...items.slice(FIRST_ITEMS).map(render));
    more.remove();
  });
  return h('div', { class: 'items-wrap' }, list, more);
}
