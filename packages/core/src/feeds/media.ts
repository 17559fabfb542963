import type { Element } from 'domhandler';
import { childrenNamed, NS, resolveUrl } from './xml.js';

/**
 * An entry's image from Media RSS: `media:thumbnail`, else a `media:content` that is an image
 * (`medium="image"` or an `image/*` type). Other image conventions are not read.
 */
export function mediaImage(entry: Element, base: string): string | undefined {
  const thumbnail = childrenNamed(entry, NS.media, 'thumbnail')[0];
  if (thumbnail) return resolveUrl(thumbnail.attribs['url'], base);
  const content = childrenNamed(entry, NS.media, 'content').find(
    (element) => element.attribs['medium'] === 'image' || /^image\//i.test(element.attribs['type'] ?? ''),
  );
  return content ? resolveUrl(content.attribs['url'], base) : undefined;
}
