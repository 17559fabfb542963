import type { PickerDom } from './picker-dom.js';

/**
 * Which parts of an element make a selector that lasts. Stable hooks first: `itemprop`, `data-*`
 * names, semantic tags, short readable classes. Hashed classes (CSS-in-JS, CSS modules) change on
 * every deploy of the site, state classes (`active`) change as the page is used, and positions
 * change when one item is added: a selector using them is marked fragile.
 */
const SAFE_IDENT = /^-?[_a-zA-Z][\w-]*$/;
const STATE_CLASS = /^(?:is-|has-)?(?:active|selected|current|open|hover|focus|visible|hidden|show|first|last|odd|even|new|clearfix|js-.*)$/i;
const HASH_PREFIX = /^(?:css|sc|jsx|svelte|emotion|styled|tw|chakra|mui|jss|makeStyles)-/i;

export const SEMANTIC_TAGS = new Set(['article', 'section', 'li', 'tr', 'dt', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'time', 'a', 'img', 'figure', 'header', 'footer', 'main', 'nav', 'aside', 'p', 'ul', 'ol', 'table', 'tbody', 'picture', 'blockquote']);

/** A class that looks generated: `css-1q2w3e`, `sc-bdVaJa`, `_3xYz9_`, `Card_title__x7Yz2`. */
export function isHashedClass(name: string): boolean {
  if (HASH_PREFIX.test(name)) return true;
  if (/__[A-Za-z0-9]{4,}$/.test(name) || /^_[A-Za-z0-9]{4,}/.test(name)) return true; // CSS modules
  const letters = name.replace(/[^A-Za-z]/g, '');
  const digits = name.replace(/[^0-9]/g, '').length;
  const mixedCase = /[a-z][A-Z]|[A-Z][a-z]*[A-Z]/.test(name) && !name.includes('-');
  // Random-looking: several digits scattered among letters, or a short mixed-case blob.
  if (digits >= 2 && letters.length >= 2 && /[0-9][A-Za-z]+[0-9]|[A-Za-z][0-9]+[A-Za-z]/.test(name) && !/^[a-z]+(?:-[a-z]+)*-\d+$/.test(name)) return true;
  return mixedCase && name.length <= 10 && digits >= 1;
}

/** A class fit for a selector: safe to write without escaping, not hashed, not a state. */
export function isUsableClass(name: string): boolean {
  return SAFE_IDENT.test(name) && name.length <= 40 && !isHashedClass(name) && !STATE_CLASS.test(name);
}

export function usableClasses<E>(dom: PickerDom<E>, element: E): string[] {
  return (dom.attribute(element, 'class') ?? '').split(/\s+/).filter((name) => name !== '' && isUsableClass(name));
}

/** CSS string for an attribute value. */
export function cssString(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;
}

/**
 * The element's own simple selectors, most stable first: `[itemprop="…"]`, `[data-x="…"]` /
 * `[data-x]`, `#id`, `tag.class` (one and two classes), `tag`. Values that look per-item (digits)
 * are written as presence tests.
 */
export function ownHooks<E>(dom: PickerDom<E>, element: E): string[] {
  const tag = dom.tag(element);
  const hooks: string[] = [];
  const itemprop = dom.attribute(element, 'itemprop');
  if (itemprop && SAFE_IDENT.test(itemprop)) hooks.push(`[itemprop=${cssString(itemprop)}]`);
  for (const name of dom.attributeNames(element)) {
    if (!name.startsWith('data-') || name.startsWith('data-pf-') || !SAFE_IDENT.test(name)) continue;
    const value = dom.attribute(element, name) ?? '';
    hooks.push(value !== '' && value.length <= 30 && !/\d/.test(value) && !/\s/.test(value) ? `${tag}[${name}=${cssString(value)}]` : `${tag}[${name}]`);
  }
  const id = dom.attribute(element, 'id');
  if (id && SAFE_IDENT.test(id) && !isHashedClass(id) && !/\d{2,}/.test(id)) hooks.push(`#${id}`);
  const classes = usableClasses(dom, element);
  for (const name of classes) hooks.push(`${tag}.${name}`);
  if (classes.length >= 2) hooks.push(`${tag}.${classes[0]}.${classes[1]}`);
  const role = dom.attribute(element, 'role');
  if (role && SAFE_IDENT.test(role)) hooks.push(`${tag}[role=${cssString(role)}]`);
  hooks.push(tag);
  return hooks;
}

/** Whether a selector leans on positions or hashed classes (the UI warns about it). */
export function isFragile(selector: string): boolean {
  if (/:nth-|:first-child|:last-child|:eq\(/.test(selector)) return true;
  const classes = selector.match(/\.(-?[_a-zA-Z][\w-]*)/g) ?? [];
  return classes.some((name) => isHashedClass(name.slice(1)));
}

/** Signature of an element for "the same kind of element": tag and usable classes. */
export function signature<E>(dom: PickerDom<E>, element: E): string {
  return [dom.tag(element), ...usableClasses(dom, element).sort()].join('.');
}

/**
 * Whether two elements are of one kind for a list: the same tag, and class sets that mostly agree
 * (at least half of all their classes shared): grid cells that differ in one width class are one
 * kind (`col-s-12 col-l-6 item`, `col-s-12 col-l-12 item`), a row's cells are not
 * (`col position`, `col name`).
 */
export function similar<E>(dom: PickerDom<E>, left: E, right: E): boolean {
  if (dom.tag(left) !== dom.tag(right)) return false;
  const leftClasses = new Set(usableClasses(dom, left));
  const rightClasses = new Set(usableClasses(dom, right));
  const union = new Set([...leftClasses, ...rightClasses]).size;
  if (union === 0) return true;
  const shared = [...leftClasses].filter((name) => rightClasses.has(name)).length;
  return shared * 2 >= union;
}
