/**
 * What a link's path says about its target: content (an article, a release, a post) or site
 * chrome (tags, accounts, legal pages), from its segments, in several languages.
 */

/**
 * Path segments that mark site chrome rather than content, in several languages
 * (en, de, fr, es, it, pt, nl, sv, pl).
 */
const UTILITY_SEGMENTS = new Set([
  'tag', 'tags', 'category', 'categories', 'categorie', 'kategorie', 'kategori', 'categoria', 'topic', 'topics', 'thema', 'themen',
  'author', 'authors', 'autor', 'autoren', 'auteur', 'user', 'users', 'members', 'member', 'profile', 'profil', 'people',
  'login', 'logout', 'signin', 'sign-in', 'signup', 'sign-up', 'register', 'registrieren', 'anmelden', 'connexion', 'account', 'konto', 'mein-konto',
  'about', 'about-us', 'ueber-uns', 'uber-uns', 'a-propos', 'chi-siamo', 'sobre', 'om-oss', 'over-ons', 'o-nas',
  'contact', 'contact-us', 'kontakt', 'contacto', 'contatti', 'contato',
  'privacy', 'privacy-policy', 'datenschutz', 'datenschutzerklaerung', 'confidentialite', 'privacidad', 'integritet',
  'terms', 'terms-of-service', 'tos', 'legal', 'impressum', 'imprint', 'agb', 'mentions-legales', 'aviso-legal', 'cookies', 'cookie-policy',
  'search', 'suche', 'recherche', 'buscar', 'cerca', 'sok', 'zoeken', 'szukaj',
  'cart', 'checkout', 'warenkorb', 'panier', 'carrito', 'basket', 'shop', 'store',
  'help', 'hilfe', 'aide', 'ayuda', 'faq', 'support', 'newsletter', 'subscribe', 'abo', 'abonnieren', 'feed', 'rss', 'sitemap',
  'sharer', 'intent', 'submitlink', 'archive', 'archives', 'archiv', 'page', 'seite', 'pages', 'share', 'print', 'download', 'downloads', 'jobs', 'karriere', 'careers', 'advertise', 'werbung',
]);

/** Segments that usually lead to a single piece of content. */
const CONTENT_SEGMENTS = /^(article|articles|artikel|post|posts|news|nachrichten|actualites|noticias|notizie|nyheter|blog|blogs|story|stories|p|entry|entries|item|items|video|videos|watch|releases?|changelog|episode|episodes|review|reviews|essay|essays|paper|papers|abs|doc|docs|press|presse|meldung|beitrag|features?)$/;

export interface PathShape {
  readonly content: boolean;
  readonly utility: boolean;
}

const PAGE_EXTENSION = /\.(html?|php|aspx?)$/;
const DIGIT_RUN = /(^|[-_/.=])\d{3,}([-_/.&]|$)/;

/** The four shapes, shared: a page has thousands of links and only these answers. */
const SHAPES: readonly PathShape[] = [
  { content: false, utility: false },
  { content: true, utility: false },
  { content: false, utility: true },
  { content: true, utility: true },
];
export const shapeFor = (content: boolean, utility: boolean): PathShape => SHAPES[(content ? 1 : 0) + (utility ? 2 : 0)]!;

export function shapeOf(parsed: URL, samePage: boolean): PathShape {
  // URL getters build a new string on every read: read each once.
  const pathname = parsed.pathname;
  const search = parsed.search;
  // One pass over the non-empty segments (decoded, lower-cased) for the first utility segment, the
  // first content segment, the last segment and their count, without arrays.
  let count = 0;
  let last = '';
  let utilityAt = -1;
  let contentAt = -1;
  for (let start = 0; start <= pathname.length; ) {
    let end = pathname.indexOf('/', start);
    if (end < 0) end = pathname.length;
    if (end > start) {
      const segment = decodeSafe(pathname.slice(start, end)).toLowerCase();
      if (utilityAt < 0 && UTILITY_SEGMENTS.has(PAGE_EXTENSION.test(segment) ? segment.replace(PAGE_EXTENSION, '') : segment)) utilityAt = count;
      if (contentAt < 0 && CONTENT_SEGMENTS.test(segment)) contentAt = count;
      last = segment;
      count += 1;
    }
    start = end + 1;
  }
  // A content segment before it wins: `/releases/tag/v1.2` is a release, `/tag/v1.2` a tag page.
  const contentBefore = utilityAt > 0 && contentAt >= 0 && contentAt < utilityAt;
  // Whether the last segment is a slug, worked out at most once.
  let slug: boolean | undefined;
  const utility = count === 0 ? !search : utilityAt >= 0 && !contentBefore && !(slug = looksLikeSlug(last));
  const content =
    !samePage &&
    !utility &&
    ((slug ??= looksLikeSlug(last)) ||
      DIGIT_RUN.test(pathname + search) ||
      contentAt >= 0 && count >= 2 ||
      PAGE_EXTENSION.test(last) && last.length > 8);
  return shapeFor(content, utility || samePage);
}

/** A slug: several words joined by hyphens or underscores, e.g. `why-we-moved-to-x`. */
function looksLikeSlug(segment: string): boolean {
  // Words with two letters in a row, counted over the characters (no arrays); other scripts than
  // ASCII go the way of the pattern, which knows every letter.
  let end = segment.length;
  const extension = PAGE_EXTENSION.exec(segment);
  if (extension !== null) end = extension.index;
  let words = 0;
  let letters = 0;
  let counted = false;
  for (let index = 0; index < end; index += 1) {
    const code = segment.charCodeAt(index);
    if (code >= 0x80) return slugByPattern(segment);
    if (code === 0x2d || code === 0x5f || code === 0x2b) {
      letters = 0;
      counted = false;
    } else if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) {
      letters += 1;
      if (letters >= 2 && !counted) {
        counted = true;
        words += 1;
        if (words >= 3) return true;
      }
    } else letters = 0;
  }
  return false;
}

/** `looksLikeSlug` by its definition (for segments with non-ASCII characters). */
function slugByPattern(segment: string): boolean {
  const words = segment.replace(PAGE_EXTENSION, '').split(/[-_+]/).filter((word) => /\p{L}{2,}/u.test(word));
  return words.length >= 3;
}

function decodeSafe(segment: string): string {
  // Nothing to decode without an escape (and no exception to catch for a bad one).
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
