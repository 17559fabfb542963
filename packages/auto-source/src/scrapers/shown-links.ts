import type { Document, Element } from 'domhandler';
import type { ItemDraft } from '@pagefeed/core';
import { attribute, pageElements } from '../util/dom.js';
import { collapse, textOf } from '../util/text.js';
import { resolveUrl, urlKey } from '../util/url.js';

/**
 * Structured data's item links checked against the links the page shows (eleventh session). A
 * person follows the links the page renders; a JSON-LD item's `url` is sometimes an address the page
 * never links — a blog engine's short form (`/?p=123`) beside the permalink in `@id`, the event's
 * off-site registration page beside the portal's event page, or one placeholder URL given to every
 * item — while the page links each item under the address a reader reaches it by.
 */
export interface DraftLinks {
  readonly draft: ItemDraft;
  /** The node's other addresses (`url`, `mainEntityOfPage`, `@id`), resolved, in that order. */
  readonly alternates: readonly string[];
}

/** A shown link: its resolved URL and its element (the text is read only when an item is looked up by name). */
interface ShownLink {
  readonly url: string;
  readonly anchor: Element;
}

/**
 * Moves each draft whose link the page never shows to the address the page shows for it: another
 * address of its own node (`@id`, `mainEntityOfPage`) when the page links that one; else the one
 * shown address with the same path and another query (the page's links carry a query the data
 * leaves out); else — when the draft's link is given to several items of the list, so it is no
 * item's own — the one shown link whose text or `title` is the item's name. A link the page shows,
 * or an unshown link with no shown alternative, is kept as it is.
 */
export function preferShownLinks(list: readonly DraftLinks[], document: Document, base: string): void {
  // Below three items the JSON-LD tier does not win (its `minItems`): not worth a walk of the page.
  if (list.length < 3) return;
  let shown: Map<string, ShownLink[]> | undefined;
  let pathIndex: Map<string, string[]> | undefined;
  const keyCounts = new Map<string, number>();
  for (const { draft } of list) if (draft.url) keyCounts.set(urlKey(draft.url), (keyCounts.get(urlKey(draft.url)) ?? 0) + 1);
  for (const { draft, alternates } of list) {
    if (!draft.url) continue;
    shown ??= shownLinks(document, base);
    const key = urlKey(draft.url);
    if (shown.has(key)) continue;
    const alternate = alternates.find((url) => shown!.has(urlKey(url)));
    if (alternate !== undefined) {
      draft.url = alternate;
      continue;
    }
    const shared = (keyCounts.get(key) ?? 0) > 1;
    // The path index is built only for an item whose link is its own (a shared link is looked up by name).
    const samePath = shared ? undefined : shownWithPath((pathIndex ??= pathIndexOf(shown)), draft.url);
    if (samePath !== undefined) {
      draft.url = samePath;
      continue;
    }
    if (shared && draft.title) {
      const named = linkNamed(shown, draft.title);
      if (named !== undefined) draft.url = named;
    }
  }
}

/** The page's shown links by their URL key (`<a href>` outside scripts and templates). */
function shownLinks(document: Document, base: string): Map<string, ShownLink[]> {
  const links = new Map<string, ShownLink[]>();
  for (const element of pageElements(document).elements) {
    if (element.name !== 'a') continue;
    const url = resolveUrl(attribute(element, 'href'), base);
    if (url === undefined) continue;
    const key = urlKey(url);
    const found = links.get(key);
    if (found) found.push({ url, anchor: element });
    else links.set(key, [{ url, anchor: element }]);
  }
  return links;
}

/** The shown addresses by their path key (`https://host/path`, no query). */
function pathIndexOf(shown: ReadonlyMap<string, readonly ShownLink[]>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const links of shown.values()) {
    const key = pathKey(links[0]!.url);
    if (key === undefined) continue;
    const found = index.get(key);
    if (found) found.push(links[0]!.url);
    else index.set(key, [links[0]!.url]);
  }
  return index;
}

/** The one shown address with `url`'s host and path (a site's root path is too common to tell). */
function shownWithPath(index: ReadonlyMap<string, readonly string[]>, url: string): string | undefined {
  const path = pathKey(url);
  const found = path === undefined ? undefined : index.get(path);
  return found?.length === 1 ? found[0] : undefined;
}

function pathKey(url: string): string | undefined {
  const query = url.search(/[?#]/);
  const key = urlKey(query === -1 ? url : url.slice(0, query));
  return /^https?:\/\/[^/]+\/./.test(key) ? key : undefined;
}

/** The one shown address whose link text or title is `name` (none when several addresses are). */
function linkNamed(shown: ReadonlyMap<string, readonly ShownLink[]>, name: string): string | undefined {
  const wanted = normalised(name);
  if (!wanted) return undefined;
  let found: string | undefined;
  for (const [key, links] of shown) {
    const link = links.find((candidate) => labelOf(candidate.anchor) === wanted);
    if (link === undefined) continue;
    if (found !== undefined && urlKey(found) !== key) return undefined;
    found = link.url;
  }
  return found;
}

function labelOf(anchor: Element): string {
  return normalised(textOf(anchor)) || normalised(attribute(anchor, 'title') ?? '');
}

function normalised(text: string): string {
  return collapse(text).toLowerCase();
}
