import type { Enclosure, ItemDraft } from '../contracts/item.js';
import type { FeedWarning } from '../engine/types.js';
import type { PostProcessorValue } from '../post-processors/define.js';
import { isWebHref, resolveHref } from '../items/resolve-url.js';
import { markPlainText } from '../items/plain-text.js';
import { markSanitised } from '../items/sanitize.js';
import { parseTime } from '../time/parse-time.js';
import { DRAFT_FIELDS, type CompiledPart, type CompiledSelectors } from './compile.js';

export interface DraftScope {
  readonly compiled: CompiledSelectors;
  readonly index: number;
  readonly baseUrl: string;
  readonly timeZone: string | undefined;
  readonly locale: string | undefined;
  readonly now: Date | undefined;
  readonly warnings: FeedWarning[];
  readonly resolve: (name: string) => PostProcessorValue | undefined;
  readonly evaluate: (part: CompiledPart) => PostProcessorValue | undefined;
  /** True when the resolved part is sanitiser output (never for JSON sources or raw HTML). */
  readonly sanitised: (name: string) => boolean;
}

const URL_FIELDS = new Set(['url', 'image']);
const DATE_FIELDS = new Set(['published_at', 'updated_at']);
const ENCLOSURE_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg', m4a: 'audio/mp4', ogg: 'audio/ogg', wav: 'audio/wav', mp4: 'video/mp4', webm: 'video/webm',
  mov: 'video/quicktime', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif',
  webp: 'image/webp', avif: 'image/avif', svg: 'image/svg+xml', pdf: 'application/pdf', zip: 'application/zip',
};

function text(value: PostProcessorValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  const result = value instanceof Date ? value.toISOString() : value.trim();
  return result === '' ? undefined : result;
}

/** Absolute http(s) URL, or undefined with a warning at the part's path. */
function webUrl(value: string, path: string, scope: DraftScope): string | undefined {
  const href = resolveHref(value, scope.baseUrl);
  if (href !== undefined && isWebHref(href)) return href;
  scope.warnings.push({
    code: 'UrlInvalid',
    message: `${path} of item ${scope.index} is ${JSON.stringify(value.slice(0, 80))}, not an http(s) URL; the value was dropped (check the selector and extractor: href)`,
    path,
    item: scope.index,
  });
  return undefined;
}

function date(value: PostProcessorValue, path: string, scope: DraftScope): Date | undefined {
  if (value instanceof Date) return value;
  const parsed = parseTime(value, { timeZone: scope.timeZone, now: scope.now, locale: scope.locale });
  if (parsed) return parsed;
  scope.warnings.push({
    code: 'DateUnparseable',
    message: `${path} of item ${scope.index}: cannot read ${JSON.stringify(value.slice(0, 80))} as a date; the value was dropped (narrow the selector, or isolate the date with gsub/substring before a parse_time step)`,
    path,
    item: scope.index,
  });
  return undefined;
}

/** The draft of one item from its resolved parts. */
export function buildDraft(scope: DraftScope): ItemDraft {
  const { compiled } = scope;
  const draft: ItemDraft = {};
  for (const field of DRAFT_FIELDS) {
    const part = compiled.parts.get(field);
    const value = part ? scope.resolve(field) : undefined;
    if (!part || value === undefined) continue;
    if (DATE_FIELDS.has(field)) {
      const parsed = date(value, part.path, scope);
      if (parsed) draft[field as 'published_at' | 'updated_at'] = parsed;
      continue;
    }
    const content = text(value);
    if (content === undefined) continue;
    const result = URL_FIELDS.has(field) ? webUrl(content, part.path, scope) : content;
    if (result === undefined) continue;
    draft[field as 'title'] = result;
    if ((field === 'description' || field === 'content') && scope.sanitised(field)) markSanitised(draft, field, part.steps.length > 0 ? 'text-may-convert' : 'as-is');
    // Text read as text stays text; a post-processing step may turn it into markup on purpose.
    if ((field === 'description' || field === 'content') && part.extractor === 'text' && part.steps.length === 0) markPlainText(draft, field);
  }
  // Most configs have neither: no arrays per item for them.
  if (compiled.categories.length > 0) {
    const categories = [...new Set(compiled.categories.map((name) => text(scope.resolve(name))).filter((value) => value !== undefined))];
    if (categories.length > 0) draft.categories = categories;
  }
  if (compiled.guid.length > 0) {
    const guid = compiled.guid.map((name) => text(scope.resolve(name))).filter((value) => value !== undefined);
    if (guid.length > 0) draft.guid = guid.join('-');
  }
  const enclosure = buildEnclosure(scope);
  if (enclosure) draft.enclosure = enclosure;
  return draft;
}

function buildEnclosure(scope: DraftScope): Enclosure | undefined {
  const part = scope.compiled.enclosure;
  if (!part) return undefined;
  const value = text(scope.evaluate(part));
  const url = value === undefined ? undefined : webUrl(value, part.path, scope);
  if (url === undefined) return undefined;
  const extension = /\.([a-z0-9]{2,5})$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  const type = part.contentType ?? (extension === undefined ? undefined : ENCLOSURE_TYPES[extension]);
  return type === undefined ? { url } : { url, type };
}
