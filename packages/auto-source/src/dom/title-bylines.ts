import type { Element } from 'domhandler';
import { attribute, isElement, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { innermost } from './title-badges.js';
import { squeeze, titleHolder, withoutEnd } from './title-ends.js';

// Sixteenth session (issue #17): a byline set in the headline's element — an author-marked element
// after the name (`<a>Title <em class="author">di A. Rossi</em></a>`) or an author link after the
// title link with a bare "by" between (`<h4><a>Title</a> by <a rel="author">someone</a></h4>`) —
// says who wrote the item, not what it is called: the "a byline is not part of the title".

/** Class words of an author element (`author`, `byline`, `by-line`, `writer`, `entry-author`, `postAuthor`). */
const AUTHOR_CLASS = /(?:^|[-_\s])(?:author|authors|byline|by-line|writer|autore|auteur|autor)(?:[-_\s]|$)|[a-z](?:Author|Byline|Writer)(?:[-_A-Z\s]|$)/;
/** Bare text between the name and its author: a byline word or a separator between authors. */
const BYLINE_GLUE = /^(?:by|von|di|da|de|par|por|door|av|af|przez|от|and|und|et|e|y|&|,|;|\/|[-–—|·•])$/iu;

/**
 * The title without the byline that closes it: in one of `sources` whose text is the title (or the
 * element inside it that holds all of that text, wrappers of one child walked down), the trailing
 * author-marked children (class `author`/`byline`/`writer`, `rel="author"`, `itemprop="author"`),
 * with the byline words or separators between them and the name, are left out when a name of at
 * least three characters with a letter stands before them. Else the title as it was.
 */
export function withoutByline(title: string, sources: readonly (Element | undefined)[]): string {
  const wanted = squeeze(title);
  for (const source of sources) {
    if (!source) continue;
    const holder = titleHolder(source, wanted, 6);
    if (!holder) continue;
    const cut = bylineStart(innermost(holder));
    if (cut === undefined) continue;
    const rest = withoutEnd(title, squeeze(cut));
    if (rest === undefined) continue;
    const name = rest.replace(/[\s\u00a0,:;|·•–—-]+$/u, '').trim();
    if (name.length >= 3 && /\p{L}/u.test(name)) return name;
  }
  return title;
}

/**
 * The text of the byline that closes `holder` — its trailing author elements and the glue before
 * them — or undefined when it does not close with an author element after some other content.
 */
function bylineStart(holder: Element): string | undefined {
  const parts: string[] = [];
  let authors = 0;
  for (let index = holder.children.length - 1; index >= 0; index -= 1) {
    const child = holder.children[index]!;
    if (child.type === 'text') {
      const data = (child as unknown as { data: string }).data.replace(/[\s\u00a0]+/g, ' ').trim();
      if (data === '') continue;
      if (authors > 0 && BYLINE_GLUE.test(data)) {
        parts.unshift(data);
        continue;
      }
      return authors > 0 ? joined(parts) : undefined;
    }
    if (!isElement(child)) continue;
    const text = textOf(child, 80);
    if (text === '') continue;
    if (!authorElement(child, text)) return authors > 0 ? joined(parts) : undefined;
    authors += 1;
    parts.unshift(text);
  }
  // Author elements and glue all the way: the whole text is a byline, not a name with one.
  return undefined;
}

function joined(parts: readonly string[]): string {
  return parts.join('');
}

/** An element marked as the author (class, `rel`, `itemprop`, or its one link so marked), of at most 60 characters and 8 words. */
function authorElement(element: Element, text: string): boolean {
  if (text.length > 60 || text.trim().split(/\s+/).length > 8) return false;
  if (marked(element)) return true;
  let inner: Element | undefined;
  let count = 0;
  walkElements(element, (candidate) => {
    if (candidate.name === 'a') {
      count += 1;
      inner = candidate;
      return false;
    }
    return true;
  }, 4);
  return count === 1 && inner !== undefined && marked(inner);
}

function marked(element: Element): boolean {
  return AUTHOR_CLASS.test(attribute(element, 'class') ?? '') || /(?:^|\s)author(?:\s|$)/.test(attribute(element, 'rel') ?? '') || /(?:^|\s)author(?:\s|$)/.test(attribute(element, 'itemprop') ?? '');
}
