import type { CreateResponse, FeedFormat } from '../api-types.js';
import { copyButton } from '../copy.js';
import { h } from '../dom.js';
import { renderItems } from './items-view.js';
import { warningsDetails } from './preview-view.js';

const FORMAT_NAMES: Readonly<Record<FeedFormat, string>> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' };

function absolute(link: string): string {
  return new URL(link, window.location.href).href;
}

function linkRow(format: FeedFormat, link: string, status: HTMLElement): HTMLElement {
  const id = `feed-link-${format}`;
  const input = h('input', { id, type: 'text', readonly: true, value: link, spellcheck: 'false', class: 'feed-link' });
  input.addEventListener('focus', () => input.select());
  return h(
    'div',
    { class: 'link-row' },
    h('label', { for: id }, FORMAT_NAMES[format]),
    h('div', { class: 'link-controls' }, input, copyButton('Copy', `Copy the ${FORMAT_NAMES[format]} address`, () => link, status), h('a', { href: link, class: 'open', target: '_blank', rel: 'noopener' }, 'Open')),
  );
}

/** After creation: the three subscription addresses with copy buttons, and the feeds.yml snippet. */
export function renderCreated(created: CreateResponse, snippet: string, hasSelectors: boolean): HTMLElement {
  const status = h('p', { class: 'offscreen', role: 'status' });
  const { feed } = created;
  const formats: FeedFormat[] = ['rss', 'atom', 'json'];
  return h(
    'div',
    { class: 'created' },
    h('h2', { id: 'result-title' }, 'Your feed is ready'),
    h('p', {}, 'Copy one of these addresses into your feed reader. Most readers take any of them; RSS is the most widely supported.'),
    h('div', { class: 'links' }, ...formats.map((format) => linkRow(format, absolute(feed.links[format]), status))),
    h('p', { class: 'muted' }, `“${feed.title ?? feed.url}” · read with ${feed.strategy} · created ${new Date(feed.created_at).toLocaleString()}`),
    warningsDetails(created.warnings ?? []),
    h(
      'details',
      { class: 'snippet' },
      h('summary', {}, 'Own the configuration: a feeds.yml entry'),
      h(
        'p',
        {},
        hasSelectors
          ? 'Add this to your feeds.yml to keep the feed in your own configuration. It holds the selectors pagefeed found, so later runs skip automatic extraction, and you can adjust them.'
          : 'Add this to your feeds.yml to keep the feed in your own configuration. Press “Preview” before “Create feed” to get the selectors pagefeed found in this entry.',
      ),
      h('pre', {}, h('code', { id: 'feeds-yml' }, snippet)),
      copyButton('Copy feeds.yml entry', 'Copy the feeds.yml entry', () => snippet, status),
    ),
    h('h3', {}, 'First items'),
    renderItems(created.preview.items),
    status,
  );
}
