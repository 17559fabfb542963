import type { AutoSourceDiagnostics } from '@pagefeed/core';
import type { FeedSource } from '../serving/feed-source.js';

/**
 * The winning auto-source candidate as a selector configuration, so the web UI can offer a
 * feeds.yml snippet that takes the cheap manual path next time.
 */
export interface Capture {
  readonly scraper: string;
  readonly items: string;
  readonly parts: Readonly<Record<string, { selector?: string; extractor?: string; attribute?: string }>>;
}

export function captureOf(diagnostics: AutoSourceDiagnostics | undefined): Capture | undefined {
  if (!diagnostics) return undefined;
  const withSelectors = diagnostics.candidates.filter((candidate) => candidate.selectors);
  const winner = withSelectors.find((candidate) => candidate.scraper === diagnostics.scraper) ?? withSelectors[0];
  if (!winner?.selectors) return undefined;
  return { scraper: winner.scraper, items: winner.selectors.items, parts: winner.selectors.parts };
}

/** YAML double-quoted scalars share JSON's escaping, so JSON.stringify quotes safely. */
const quote = (value: string) => JSON.stringify(value);

export function captureYaml(source: FeedSource, capture: Capture): string {
  const lines = ['feeds:', '  my_feed:', '    channel:', `      url: ${quote(source.url)}`];
  if (source.strategy !== 'plain') lines.push(`    strategy: ${source.strategy}`);
  lines.push('    selectors:', '      items:', `        selector: ${quote(capture.items)}`);
  for (const [name, part] of Object.entries(capture.parts)) {
    lines.push(`      ${/^[A-Za-z_][\w-]*$/.test(name) ? name : quote(name)}:`);
    if (part.selector !== undefined) lines.push(`        selector: ${quote(part.selector)}`);
    if (part.extractor !== undefined) lines.push(`        extractor: ${part.extractor}`);
    if (part.attribute !== undefined) lines.push(`        attribute: ${quote(part.attribute)}`);
  }
  return `${lines.join('\n')}\n`;
}
