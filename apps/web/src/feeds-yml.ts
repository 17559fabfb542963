import type { CapturePart, CaptureSelectors } from './api-types.js';

export interface SnippetInput {
  readonly url: string;
  readonly strategy: string;
  readonly title?: string;
  /** Selectors captured from the winning candidate; without them the snippet keeps auto-source on. */
  readonly capture?: CaptureSelectors;
}

/** JSON strings are valid double-quoted YAML scalars, so every value is quoted the same safe way. */
function quote(value: string): string {
  return JSON.stringify(value);
}

/** A feed name for `feeds:` from the page address: host and path, lower-case, dashes. */
export function feedNameFor(url: string): string {
  let host = url;
  let path = '';
  try {
    const parsed = new URL(url);
    host = parsed.hostname.replace(/^www\./, '');
    path = parsed.pathname;
  } catch {
    // Not a URL: fall back to the raw text, slugged below.
  }
  const slug = `${host}${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 60).replace(/-+$/, '') || 'my-feed';
}

function partLines(name: string, part: CapturePart): string[] {
  const lines = [`      ${name}:`];
  if (part.selector !== undefined) lines.push(`        selector: ${quote(part.selector)}`);
  if (part.extractor !== undefined && part.extractor !== 'text') lines.push(`        extractor: ${part.extractor}`);
  if (part.attribute !== undefined) lines.push(`        attribute: ${quote(part.attribute)}`);
  if (part.post_process?.length) lines.push('        post_process:', ...part.post_process.map((step) => `          - name: ${step.name}`));
  return lines.length > 1 ? lines : [];
}

/** A `feeds.yml` entry reproducing the feed, for users who want to own the configuration. */
export function buildFeedsYml(input: SnippetInput): string {
  const lines = ['feeds:', `  ${feedNameFor(input.url)}:`, '    channel:', `      url: ${quote(input.url)}`];
  if (input.title) lines.push(`      title: ${quote(input.title)}`);
  lines.push(`    strategy: ${input.strategy === 'renderer' ? 'renderer' : 'plain'}`);
  if (input.capture) {
    lines.push('    selectors:', '      items:', `        selector: ${quote(input.capture.items)}`);
    for (const [name, part] of Object.entries(input.capture.parts)) lines.push(...partLines(name, part));
  } else {
    lines.push('    auto_source: {}');
  }
  return `${lines.join('\n')}\n`;
}
