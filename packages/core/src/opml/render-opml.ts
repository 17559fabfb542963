import { applyParameters } from '../config/parameters.js';
import type { FeedConfig } from '../contracts/config.js';
import { cleanXmlText, escapeAttribute, escapeText } from '../render/xml-writer.js';

/** One subscription in an OPML 2.0 file. */
export interface OpmlOutline {
  readonly title: string;
  /** The feed's own address. */
  readonly xmlUrl: string;
  /** The page the feed is made from. */
  readonly htmlUrl?: string;
  readonly description?: string;
}

/**
 * An OPML 2.0 subscription list (http://opml.org/spec2.opml): `<outline type="rss" text title
 * xmlUrl htmlUrl>` per feed, which every reader that imports OPML (newsboat, Miniflux, FreshRSS,
 * Thunderbird …) understands. `created` is left out so the same list gives the same bytes.
 */
export function renderOpml(title: string, outlines: readonly OpmlOutline[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    '  <head>',
    `    <title>${escapeText(cleanXmlText(title))}</title>`,
    '  </head>',
    '  <body>',
  ];
  for (const outline of outlines) {
    const attributes: [string, string | undefined][] = [
      ['type', 'rss'],
      ['text', outline.title],
      ['title', outline.title],
      ['xmlUrl', outline.xmlUrl],
      ['htmlUrl', outline.htmlUrl],
      ['description', outline.description],
    ];
    const written = attributes
      .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
      .map(([name, value]) => `${name}="${escapeAttribute(cleanXmlText(value))}"`);
    lines.push(`    <outline ${written.join(' ')}/>`);
  }
  lines.push('  </body>', '</opml>', '');
  return lines.join('\n');
}

export interface PredefinedOutlines {
  readonly outlines: OpmlOutline[];
  /** Feeds left out: a parameter without default has no address to subscribe to. */
  readonly skipped: { readonly name: string; readonly reason: string }[];
}

/**
 * The predefined feeds of a feeds file as OPML outlines, each subscribed at
 * `<apiBase>/feeds/<name>.<format>`; feeds whose parameters lack defaults are skipped with a reason.
 */
export function predefinedFeedOutlines(feeds: Readonly<Record<string, FeedConfig>>, apiBase: string, format: 'rss' | 'atom' | 'json' = 'rss'): PredefinedOutlines {
  const outlines: OpmlOutline[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const [name, declared] of Object.entries(feeds)) {
    let config: FeedConfig;
    try {
      config = applyParameters(declared, {});
    } catch (error) {
      skipped.push({ name, reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    outlines.push({
      title: config.channel.title ?? name,
      xmlUrl: `${apiBase.replace(/\/+$/, '')}/feeds/${encodeURIComponent(name)}.${format}`,
      htmlUrl: config.channel.url,
      ...(config.channel.description ? { description: config.channel.description } : {}),
    });
  }
  return { outlines, skipped };
}
