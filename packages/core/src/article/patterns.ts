/**
 * The vocabulary the article extractor reads markup with. Every rule is about how pages are built
 * in general (tag names, ARIA roles, words that class names and ids use for page furniture); none
 * names a site. Word lists follow the ones Readability.js and trafilatura have refined over years
 * (their ideas, our own lists and code).
 */

/** Removed with their content before scoring: never part of an article's text. */
export const DROPPED_TAGS: ReadonlySet<string> = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'embed', 'canvas',
  'button', 'input', 'select', 'textarea', 'option', 'label', 'nav', 'aside', 'menu', 'dialog',
  'link', 'meta', 'head', 'title', 'map', 'audio', 'video', 'source', 'track', 'applet', 'frame',
  'frameset', 'footer',
]);

/** ARIA roles of page furniture. */
export const FURNITURE_ROLES: ReadonlySet<string> = new Set([
  'navigation', 'menu', 'menubar', 'complementary', 'contentinfo', 'banner', 'alert', 'alertdialog',
  'dialog', 'search', 'toolbar', 'tablist', 'button',
]);

/** Class or id words of page furniture (share bars, related links, comments, ads, menus …). */
export const UNLIKELY =
  /-ad-|^ad-|-ads?$|^ads?$|adsbygoogle|advert|ai2html|banner|breadcrumb|byline|combx|comment|community|consent|cookie|cover-wrap|disqus|extra|foot|gdpr|header|legends|menu|modal|newsletter|outbrain|pagination|pager|popup|promo|recirc|related|remark|replies|rss|share|sharing|shoutbox|sidebar|skyscraper|social|sponsor|subscri|supplemental|taboola|tags|toolbar|tooltip|trending|yom-remote|signup|login|author-bio|most-popular|read-more|readmore|also-read|print|overlay|masthead|caption-credit/i;

/** Class or id words that keep an element even when it also matches UNLIKELY. */
export const MAYBE = /and|article|body|column|content|main|shadow|post|entry|story|text/i;

/** Class or id words that raise an element's score as a container. */
export const POSITIVE = /article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|prose|rich-text|paragraph/i;

/** Class or id words that lower it. */
export const NEGATIVE =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|foot|footer|footnote|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|tool|widget|social|byline|author|dateline|caption|credit|nav|subscribe|newsletter/i;

/** Elements whose own text is counted as a paragraph when scoring. */
export const TEXT_BLOCKS: ReadonlySet<string> = new Set(['p', 'pre', 'td', 'blockquote', 'h2', 'h3', 'h4', 'li', 'dd']);

/** Block-level tags: an element holding none of these directly is treated like a paragraph. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption',
  'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav',
  'ol', 'p', 'pre', 'section', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'ul', 'br',
]);

/** Containers cleaned "conditionally": removed when they look like lists of links or furniture. */
export const CONDITIONAL: ReadonlySet<string> = new Set(['div', 'section', 'ul', 'ol', 'table', 'form', 'dl', 'header', 'figure']);

/** Attributes that hold an image's real address on pages that load images lazily. */
export const LAZY_SRC = ['data-src', 'data-original', 'data-lazy-src', 'data-url', 'data-hi-res-src', 'data-full-src', 'data-lazy', 'data-echo'];
export const LAZY_SRCSET = ['data-srcset', 'data-lazy-srcset'];

/** Short lines at the end of an article that are furniture, not text ("Read more", "Share this"). */
export const FURNITURE_TEXT =
  /^(share|share this|share on|sharing is caring|tweet|email|print|advertisement|advertising|ad|sponsored|related|related articles|related stories|read more|read next|more from|recommended|you may also like|subscribe|sign up|follow us|comments?|\d+ comments?|copyright|©|ⓒ|all rights reserved)(\b|\s).{0,80}$/i;

/** A byline line: "By Jane Doe", "Von …", "Par …", "Por …" (checked on short lines only). */
export const BYLINE_TEXT = /^(by|von|par|por)\s+\p{Lu}/iu;

/** A line that is a date or time stamp: 11/18/19 11:04 PM, 2019-11-18, "Updated at 1:23 p.m." */
export const DATELINE_TEXT = /\b\d{1,2}:\d{2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b/;
