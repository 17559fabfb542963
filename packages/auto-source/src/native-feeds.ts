import type { AutoSourceDiagnostics, SourceDocument } from '@pagefeed/core';
import { attribute, headElements } from './util/dom.js';
import { resolveUrl } from './util/url.js';

const FEED_TYPES = /^application\/(rss\+xml|atom\+xml|feed\+json|json|rdf\+xml)$|^text\/xml$/i;

/** Feeds the page advertises with `<link rel=alternate>`: reported as a hint, never used as items. */
export function findNativeFeeds(document: SourceDocument): AutoSourceDiagnostics['nativeFeeds'] {
  if (document.kind !== 'html') return [];
  const links = headElements(document.document, (element) => element.name === 'link' && /(^|\s)alternate(\s|$)/i.test(attribute(element, 'rel') ?? ''));
  const feeds: { url: string; type: string; title?: string }[] = [];
  for (const link of links) {
    const type = (attribute(link, 'type') ?? '').toLowerCase();
    const url = resolveUrl(attribute(link, 'href'), document.url);
    if (!url || !FEED_TYPES.test(type) || feeds.some((feed) => feed.url === url)) continue;
    const title = attribute(link, 'title');
    feeds.push(title ? { url, type, title } : { url, type });
  }
  return feeds;
}
