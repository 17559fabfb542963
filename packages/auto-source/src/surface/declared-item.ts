import type { Document, Element } from 'domhandler';
import { attribute, headElements, pageElements } from '../util/dom.js';
import { isRecord } from '../util/json.js';
import { jsonLdNodes, typesOf } from '../util/json-ld.js';

/**
 * The page's own declaration that it shows one item: a product, a recipe, a paper, an album, a
 * question, a forum post (issue #16, tenth session). Shops, recipe sites, publishers and forums
 * mark their item pages up for search engines; a list page marks up a collection, many items, or
 * nothing. Read from JSON-LD (a node or a page's `mainEntity`), from microdata (outermost
 * `itemscope` elements) and from Open Graph's single-object types. `og:type` `article` is not
 * counted here: many CMSs put it on every page (60 of 585 corpus list pages carry it).
 */
export interface DeclaredItem {
  /** The declared type (`Product`, `Recipe`, `og:product`, ...). */
  readonly type: string;
  /** Where it was read. */
  readonly source: 'json-ld' | 'microdata' | 'open-graph';
}

/** Schema.org types of one thing a person reads, buys, watches or answers — never a collection. */
const ITEM_TYPE = /^(?:Product|ProductGroup|IndividualProduct|Vehicle|Car|Recipe|\w*Article|BlogPosting|Report|Thesis|QAPage|Question|DiscussionForumPosting|SocialMediaPosting|MusicAlbum|MusicRecording|Movie|TVEpisode|RadioEpisode|PodcastEpisode|Episode|Book|SoftwareApplication|MobileApplication|JobPosting|Course|Apartment|House|Accommodation|RealEstateListing)$/;
/** Types that declare a collection: a page that names one of them is a list, whatever else it marks up. */
const COLLECTION_TYPE = /^(?:ItemList|OfferCatalog|CollectionPage|SearchResultsPage|DataFeed|Blog|ProfilePage)$/;
/** Open Graph's single-object types (`video` and `video.other` included; `books.book`; and the custom `*:product`, `album` of shops and music sites). */
const OPEN_GRAPH_ITEM = /^(?:product|[\w.-]+:product|product\.item|album|music\.album|music\.song|video|video\.movie|video\.episode|video\.other|book|books\.book)$/i;

/**
 * The one item the page declares, or undefined when it declares none, several (a category page's
 * products) or a collection. Top-level entities only: an item nested in another (a related product
 * inside a product's `isRelatedTo`, an album's tracks) does not count.
 */
export function declaredItem(document: Document): DeclaredItem | undefined {
  const fromJsonLd = jsonLdItems(document);
  const fromMicrodata = microdataItems(document);
  if (fromJsonLd.collection || fromMicrodata.collection) return undefined;
  if (fromJsonLd.items.length === 1) return { type: fromJsonLd.items[0]!, source: 'json-ld' };
  if (fromJsonLd.items.length > 1) return undefined;
  if (fromMicrodata.items.length === 1) return { type: fromMicrodata.items[0]!, source: 'microdata' };
  if (fromMicrodata.items.length > 1) return undefined;
  const isOpenGraphType = (element: Element) => element.name === 'meta' && (attribute(element, 'property') ?? attribute(element, 'name')) === 'og:type';
  const declaredTypes = headElements(document, isOpenGraphType);
  // A page that opens its body before its meta tags (a script or a stray element early in the head)
  // has them parsed into the body: they declare the page all the same.
  const types = declaredTypes.length > 0 ? declaredTypes : pageElements(document).elements.filter(isOpenGraphType);
  const openGraph = types.map((element) => (attribute(element, 'content') ?? '').trim()).find((type) => OPEN_GRAPH_ITEM.test(type));
  return openGraph ? { type: `og:${openGraph}`, source: 'open-graph' } : undefined;
}

interface Found {
  readonly items: string[];
  readonly collection: boolean;
}

function jsonLdItems(document: Document): Found {
  const items: string[] = [];
  let collection = false;
  const seen = new Set<unknown>();
  const visit = (node: Record<string, unknown>, depth: number): void => {
    if (seen.has(node)) return;
    seen.add(node);
    const types = typesOf(node);
    if (types.some((type) => COLLECTION_TYPE.test(type))) collection = true;
    const item = types.find((type) => ITEM_TYPE.test(type));
    if (item) items.push(item);
    else if (depth === 0) {
      // A WebPage names its subject in `mainEntity`; one level is enough.
      const main = node['mainEntity'];
      for (const entry of Array.isArray(main) ? main : [main]) if (isRecord(entry)) visit(entry, 1);
    }
  };
  for (const node of jsonLdNodes(document)) visit(node, 0);
  return { items, collection };
}

function microdataItems(document: Document): Found {
  const items: string[] = [];
  let collection = false;
  const { elements, depths } = pageElements(document);
  // Depths of the item scopes around the element being read (walk order): a scope with one of
  // them still open is nested in another item (an album's track, a product's review).
  const open: number[] = [];
  for (let position = 0; position < elements.length; position += 1) {
    const element = elements[position]!;
    const depth = depths[position]!;
    while (open.length > 0 && open[open.length - 1]! >= depth) open.pop();
    if (attribute(element, 'itemscope') === undefined) continue;
    const type = (attribute(element, 'itemtype') ?? '').trim().split(/\s+/)[0]?.replace(/^.*[/#]/, '') ?? '';
    if (COLLECTION_TYPE.test(type)) collection = true;
    if (ITEM_TYPE.test(type) && open.length === 0) items.push(type);
    open.push(depth);
  }
  return { items, collection };
}

/** The Article family: CMSs declare it on section and front pages too, so it is weak evidence of one item. */
const ARTICLE_FAMILY = /Article$|^(?:BlogPosting|Report|Thesis|SocialMediaPosting)$/;

/**
 * How much a declared thing (a product, a recipe, an album, an episode, a video, a question, a job —
 * not the Article family) multiplies the odds that the page is one item: on the development pages
 * (both corpora, batches 1–35) 22 of 184 single pages and 3 of 666 list pages that reach the gate
 * declare one, a likelihood ratio of about 26.5 (23–40 when any one repository is left out), so
 * log(26.5) ≈ 3.3 is added to the gate's log-odds. Measured, not tuned: no cut was searched.
 */
export const DECLARED_THING_LOG_ODDS = Math.log(26.5);

/** True when the declared item is a thing rather than a member of the Article family. */
export function declaresThing(declared: DeclaredItem): boolean {
  return !ARTICLE_FAMILY.test(declared.type.replace(/^og:/, ''));
}

/**
 * The article gate's probability with the page's declaration of one thing taken into account (a
 * naive-Bayes update of the fitted model's odds); the probability unchanged when there is none.
 */
export function withDeclaredThing(probability: number, declared: DeclaredItem | undefined): number {
  if (!declared || !declaresThing(declared)) return probability;
  const odds = Math.log(Math.max(probability, 1e-9) / Math.max(1 - probability, 1e-9)) + DECLARED_THING_LOG_ODDS;
  return 1 / (1 + Math.exp(-odds));
}
