import type { Element } from 'domhandler';
import { attribute, isElement, isHeadingName, walkElements } from '../util/dom.js';
import { findDateText } from '../util/dates.js';
import type { PageUrls } from '../util/url.js';
import type { MemberLink } from './inventory.js';

/** Texts of links that point at the item itself: a permalink mark, "read more", a date. */
const PERMALINK_TEXT = /^(permalink|permanent link|link|#|¶|∞|★|⚓|read more|continue reading|more|mehr|weiterlesen|lire la suite|leer más|→|»)\s*[›»→…]*$/i;

/**
 * A link for an item whose ranking found none of its own: the permalink inside it (a `#`, ★,
 * "permalink", "read more" or date link, `rel=bookmark`), else the page URL with the `id` of the
 * item or its heading (`changelog#v5-3-0`), else the page URL itself. Items sharing the page URL
 * get content GUIDs from core, so they stay distinct.
 */
export function fallbackItemUrl(member: Element, links: readonly MemberLink[], urls: PageUrls): string {
  for (let index = links.length - 1; index >= 0; index -= 1) {
    const link = links[index]!;
    if (link.share || link.category) continue;
    const rel = attribute(link.anchor, 'rel') ?? '';
    const className = attribute(link.anchor, 'class') ?? '';
    const text = link.text.trim();
    const date = text ? findDateText(text) : undefined;
    if (/\bbookmark\b/i.test(rel) || /permalink/i.test(className) || PERMALINK_TEXT.test(text) || (date !== undefined && date.length >= text.length * 0.6)) {
      return link.url;
    }
  }
  const id = anchorId(member);
  return id ? `${urls.pageUrl.replace(/#.*$/, '')}#${encodeURIComponent(id)}` : urls.pageUrl;
}

/** The `id` of the member, of its first heading, or of a named anchor in that heading. */
function anchorId(member: Element): string | undefined {
  const own = attribute(member, 'id');
  if (own) return own;
  let found: string | undefined;
  walkElements(member, (element) => {
    if (found !== undefined) return false;
    if (isHeadingName(element.name)) {
      found = attribute(element, 'id') ?? namedAnchor(element);
      return false;
    }
    return true;
  }, 8);
  return found ?? (isHeadingName(member.name) ? namedAnchor(member) : undefined);
}

function namedAnchor(heading: Element): string | undefined {
  for (const child of heading.children) {
    if (isElement(child) && child.name === 'a' && !attribute(child, 'href')) {
      const name = attribute(child, 'id') ?? attribute(child, 'name');
      if (name) return name;
    }
  }
  return undefined;
}
