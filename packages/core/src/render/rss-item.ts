import type { FeedItem } from '../contracts/item.js';
import { rfc822 } from './dates.js';
import { itemAttachment } from './shared.js';
import { characterData, escapeText, hasLegalCharacter, Markup, serializeAttributes } from './xml-writer.js';

/** An item's place in an RSS document: rss > channel > item. */
const ITEM_INDENT = '    ';
const CHILD_INDENT = `${ITEM_INDENT}  `;

/**
 * One RSS `<item>`, written straight to a string: the same bytes `serializeElement` writes for the
 * element tree (`rss.test.ts` compares the two on ordinary and hostile items), without building an
 * object, an attribute record and a child array per field of every item first. A feed has
 * hundreds of items; those trees were most of what rendering allocated, and rendering runs while
 * the page's tree is still young and alive (each minor GC it triggers copies that tree).
 */
export function renderRssItem(item: FeedItem): Markup {
  const attachment = itemAttachment(item);
  const description = item.description ?? item.content;
  const pubDate = item.published_at ?? item.updated_at;
  let body = textChild('title', item.title) + textChild('link', item.url) + htmlChild('description', description);
  if (item.content && item.content !== description) body += htmlChild('content:encoded', item.content);
  body += textChild('dc:creator', item.author);
  for (const category of item.categories) body += textChild('category', category);
  if (attachment) body += `\n${CHILD_INDENT}<enclosure${serializeAttributes({ url: attachment.url, length: attachment.length ?? 0, type: attachment.type })}/>`;
  body += textChild('guid', item.guid, item.guidIsPermalink ? ' isPermaLink="true"' : ' isPermaLink="false"');
  if (pubDate) body += textChild('pubDate', rfc822(pubDate));
  return new Markup(body === '' ? `${ITEM_INDENT}<item/>` : `${ITEM_INDENT}<item>${body}\n${ITEM_INDENT}</item>`);
}

/** `textElement` written out on its own line; nothing when the text is missing or empty. */
function textChild(name: string, text: string | undefined, attributes = ''): string {
  if (text === undefined || !hasLegalCharacter(text)) return '';
  return `\n${CHILD_INDENT}<${name}${attributes}>${escapeText(text)}</${name}>`;
}

/** `htmlTextElement` written out on its own line: CDATA when the text holds markup. */
function htmlChild(name: string, text: string | undefined): string {
  if (text === undefined || !hasLegalCharacter(text)) return '';
  return `\n${CHILD_INDENT}<${name}>${characterData(text)}</${name}>`;
}
