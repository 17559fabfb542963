/**
 * Web archive captures (issue #16, seventeenth session). A page saved from a web archive has the
 * documented capture address `<archive>/web/<timestamp>[<modifier>_]/<original URL>`; the archive
 * rewrites the links it serves into that shape, but links a page's scripts wrote after the rewrite
 * stay root-relative (`/politics/story.html`). Against the capture's address they would lead to the
 * archive's own root (`<archive>/politics/story.html`, a page that does not exist); the archive's
 * own client-side rewriting reads them against the original page, inside the same capture. A
 * relative link (`story.html`, `?page=2`) already resolves inside the capture, as the original
 * URL is part of the capture's path.
 */

/** `<archive origin>/web/<timestamp>[<modifier>_]/` and the original URL's scheme and host. */
const CAPTURE = /^(https?:\/\/[^/?#]+\/web\/\d{4,14}(?:[a-z]{2}_)?\/)(https?:\/\/[^/?#]+)/i;

export interface ArchiveCapture {
  /** The capture's prefix: `https://web.archive.org/web/20170913081049/`. */
  readonly prefix: string;
  /** The captured page's origin: `https://www.example.org`. */
  readonly origin: string;
}

/** The capture a page address names, when it has the archive's capture shape. */
export function archiveCaptureOf(base: string): ArchiveCapture | undefined {
  const match = CAPTURE.exec(base);
  if (!match) return undefined;
  return { prefix: match[1]!, origin: match[2]! };
}

/**
 * The capture address of a root-relative link (`/path`, not `//host` and not the archive's own
 * `/web/…`), or undefined when the link is another kind.
 */
export function captureAddress(href: string, capture: ArchiveCapture): string | undefined {
  if (href.charCodeAt(0) !== 0x2f) return undefined;
  const second = href.charCodeAt(1);
  if (second === 0x2f || second === 0x5c) return undefined;
  if (/^\/web\//i.test(href)) return undefined;
  return `${capture.prefix}${capture.origin}${href}`;
}
