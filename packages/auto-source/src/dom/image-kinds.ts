import type { Element } from 'domhandler';
import { attribute } from '../util/dom.js';

// Which images of an item are not its picture: icons, avatars, logos and emoji (see item-images.ts).

/** Smaller than this in every declared width and height (attribute or inline style), an image is an icon. */
const ICON_SIZE = 48;
/** Class, alt or id words that mark an icon, an avatar, a logo or an emoji ("docIcon", "avatar-14", "PDF icon"). */
const MARKS = new Set(['icon', 'icons', 'avatar', 'logo', 'emoji', 'favicon', 'sprite', 'badge', 'smiley']);
/**
 * File names and folders of icons and avatars: `icon5.png`, `favicon.ico`, `…_avatar-14x14.jpg`,
 * `/avatars/…`, a favicon service's `type=favicon`, a gravatar's `s=28`. A folder named `icon` is
 * not enough: shops keep product thumbnails in `images/product/icon/`.
 */
const PATH = /\/avatars?\/|\/(?:icon|favicon|sprite)[^/]*$|(?:avatar|favicon|emoji|smiley)[^/]*$|[?&](?:type=favicon|s=\d{1,2}(?:&|$))/i;

/** Whether the image is an icon, an avatar, a logo or an emoji rather than the item's own picture. */
export function notAPicture(image: Element, url: string): boolean {
  // Small in every declared dimension (a 130×45 thumbnail is a picture; 14×14 is an avatar).
  const sizes = [declaredSize(image, 'width'), declaredSize(image, 'height')].filter((size) => size !== undefined);
  if (sizes.length > 0 && Math.max(...sizes) < ICON_SIZE) return true;
  // A short alt text names what the image is ("PDF icon", "MailOnline logo"); a longer one
  // describes a picture ("The logo of a music service on a phone's display").
  const alt = attribute(image, 'alt') ?? '';
  const words = [attribute(image, 'class'), attribute(image, 'id'), alt.split(/\s+/).length <= 3 ? alt : undefined].filter(Boolean).join(' ');
  if (words && marked(words)) return true;
  let path = url;
  try {
    const parsed = new URL(url);
    path = parsed.pathname + parsed.search;
  } catch {
    // A relative or odd URL: test it as written.
  }
  return PATH.test(path);
}

/** Whether a word of the text (camelCase and dashes split: "docIcon", "avatar-14") marks an icon; "streamsicon" ends in one. */
function marked(words: string): boolean {
  for (const word of words.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[\s_.-]+/)) {
    if (MARKS.has(word) || (word.length <= 12 && word.endsWith('icon'))) return true;
  }
  return false;
}

function declaredSize(image: Element, name: string): number | undefined {
  const value = attribute(image, name);
  if (value && /^\s*\d+(?:px)?\s*$/.test(value)) return Number.parseInt(value, 10);
  const style = attribute(image, 'style') ?? '';
  const match = new RegExp(`(?:^|;|\\s)${name}\\s*:\\s*(\\d+(?:\\.\\d+)?)px`, 'i').exec(style);
  return match ? Number.parseFloat(match[1]!) : undefined;
}
