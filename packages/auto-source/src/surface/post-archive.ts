import type { PageFacts } from './article-page.js';

/**
 * A list of full posts (a blog's front page or month archive, a link blog, a stream of notes): the
 * page's main paragraph block — the element holding the most `<p>` text — lies inside one of at
 * least three sibling rows of the same shape, each holding a link (surface/article-page.ts). On a
 * single article the main text stands apart from every repeated row (related links, tags, comments
 * sit beside the body, not around it), so this fact keeps a page that the article gate or a declared
 * og:type/JSON-LD article would refuse (ninth session, issue #16).
 *
 * Measured on both corpora (batches 1–29 and the public corpus): 32 list pages of 24 repositories have
 * it, no article of 144; four lists of four repositories were refused although they have it.
 * Structural only: no site, URL, class or word is named.
 */

/** Fewest sibling rows around the main text for the page to read as a list of full posts. */
export const FEWEST_POST_ROWS = 3;

/** True when the page's main text sits in one of at least three same-shape link rows. */
export function isFullPostList(page: PageFacts): boolean {
  return page.mainInRow === 1 && Math.round(10 ** page.rowCount - 1) >= FEWEST_POST_ROWS;
}
