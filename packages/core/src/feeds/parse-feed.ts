import { isTag, type Element } from 'domhandler';
import type { FeedSourceDocument, NativeFeedFormat } from '../contracts/document.js';
import { FeedError } from '../contracts/errors.js';
import type { FetchResult } from '../contracts/fetch.js';
import { ATOM_03, readAtom } from './atom.js';
import { toFeedDocument, type FeedContent } from './feed-content.js';
import { readRss } from './rss.js';
import { baseOf, childNamed, localName, namespaceOf, NS, parseXml } from './xml.js';

/** Parses a source that `isNativeFeed` recognised: its channel facts and one draft per entry. */
export function parseFeedSource(result: FetchResult): FeedSourceDocument {
  const root = parseXml(result.body).children.find(isTag);
  const kind = root ? feedKind(root) : undefined;
  if (!root || !kind) throw notAFeed(result, root);
  const identity = { format: kind.format, version: kind.version, url: baseOf(root, result.url), text: result.body };
  return toFeedDocument(identity, kind.read(root, result.url));
}

interface FeedKind {
  readonly format: NativeFeedFormat;
  readonly version: string;
  read(root: Element, feedUrl: string): FeedContent;
}

function feedKind(root: Element): FeedKind | undefined {
  const name = localName(root);
  const namespace = namespaceOf(root);
  if (name === 'rss' && namespace === '') {
    return { format: 'rss', version: root.attribs['version']?.trim() || '2.0', read: (element, url) => readRss(element, '', url) };
  }
  if (name === 'feed' && namespace === NS.atom) return { format: 'atom', version: '1.0', read: (element, url) => readAtom(element, url) };
  if (name === 'feed' && namespace === NS.atom03) return { format: 'atom', version: '0.3', read: (element, url) => readAtom(element, url, ATOM_03) };
  if (name === 'RDF' && namespace === NS.rdf) {
    // RSS 1.0, or its ancestor RSS 0.90: the channel's namespace tells them apart.
    const rssNamespace = [NS.rss1, NS.rss090].find((candidate) => childNamed(root, candidate, 'channel'));
    if (rssNamespace) {
      return { format: 'rdf', version: rssNamespace === NS.rss1 ? '1.0' : '0.90', read: (element, url) => readRss(element, rssNamespace, url) };
    }
  }
  return undefined;
}

/** "RSS 2.0", "RSS 1.0/RDF", "Atom 1.0", "JSON Feed 1.1": how messages name a feed's format. */
export function describeFeedFormat(document: Pick<FeedSourceDocument, 'format' | 'version'>): string {
  if (document.format === 'atom') return `Atom ${document.version}`;
  if (document.format === 'rdf') return `RSS ${document.version}/RDF`;
  if (document.format === 'json') return `JSON Feed ${document.version}`;
  return `RSS ${document.version}`;
}

function notAFeed(result: FetchResult, root: Element | undefined): FeedError {
  const found = root ? `its root element is <${root.name}>${namespaceOf(root) ? ` in namespace ${namespaceOf(root)}` : ''}` : 'it holds no XML element at all';
  return new FeedError(
    'UnsupportedResponseContentType',
    `${result.url} was served as ${result.contentType || 'a feed'}, but it is not an RSS or Atom feed pagefeed can read: ${found}`,
    {
      path: 'channel.url',
      hint: 'point channel.url at an RSS 2.0, RSS 1.0, Atom 1.0 (or 0.3) or JSON Feed, or at the HTML listing page the feed belongs to',
      details: { contentType: result.contentType, url: result.url, nativeFeed: false },
    },
  );
}
