// The names only (the same list as `builtinExtractors`'): checking a config loads no extractor.
import { EXTRACTOR_NAMES } from '../config/schema-selectors.js';
import type { ExtractorName, PartSelector, SelectorsConfig } from '../contracts/config.js';
import { ITEM_PART_NAMES } from '../contracts/config.js';
import { FeedError } from '../contracts/errors.js';
import { compileSelector, type CompiledSelector } from '../dom/select.js';
import { compilePostProcessors, type CompiledStep } from '../post-processors/registry.js';

/** One part, validated: selector compiled, extractor resolved, post-processors compiled. */
export interface CompiledPart {
  readonly name: string;
  /** Configuration path, e.g. `selectors.title`. */
  readonly path: string;
  readonly selector: CompiledSelector | undefined;
  readonly extractor: ExtractorName;
  readonly attribute: string | undefined;
  readonly static: string | undefined;
  readonly steps: readonly CompiledStep[];
  /**
   * The part's value is item HTML and nothing reads it raw: its sanitised form can be written
   * straight from the page's nodes (see `directHtmlParts`).
   */
  readonly sanitiseFromNodes: boolean;
}

export interface CompiledSelectors {
  readonly path: string;
  readonly items: CompiledSelector;
  readonly reverse: boolean;
  /** Every configured part by name; `link` is also reachable as `url` when `url` is absent. */
  readonly parts: ReadonlyMap<string, CompiledPart>;
  readonly categories: readonly string[];
  readonly guid: readonly string[];
  readonly enclosure: (CompiledPart & { readonly contentType: string | undefined }) | undefined;
}

function invalid(message: string, path: string, hint: string): FeedError {
  return new FeedError('ConfigurationInvalid', `${message} at ${path}`, { path, hint });
}

export function compilePart(name: string, part: PartSelector, path: string): CompiledPart {
  const extractor = part.extractor ?? (part.static !== undefined && part.selector === undefined ? 'static' : 'text');
  if (!(EXTRACTOR_NAMES as readonly string[]).includes(extractor)) {
    throw invalid(`Unknown extractor "${String(extractor)}"`, `${path}.extractor`, `use one of: ${EXTRACTOR_NAMES.join(', ')}`);
  }
  if (extractor === 'attribute' && !part.attribute) {
    throw invalid('The attribute extractor needs an "attribute" option', `${path}.attribute`, 'name the attribute to read, e.g. attribute: datetime');
  }
  if (extractor === 'static' && part.static === undefined) {
    throw invalid('The static extractor needs a "static" value', `${path}.static`, 'give the value, e.g. static: "Example news"');
  }
  return {
    name,
    path,
    selector: part.selector === undefined ? undefined : compileSelector(part.selector, `${path}.selector`),
    extractor,
    attribute: part.attribute,
    static: part.static,
    steps: compilePostProcessors(part.post_process, path),
    sanitiseFromNodes: false,
  };
}

/**
 * Validates a `selectors` block up front: every CSS selector, extractor, post-processor option and
 * part reference. Throws `ConfigurationInvalid` naming the path (`selectors.title.selector`).
 */
export function compileSelectorsConfig(selectors: SelectorsConfig, path = 'selectors'): CompiledSelectors {
  const parts = new Map<string, CompiledPart>();
  for (const [name, part] of Object.entries(selectors.parts)) parts.set(name, compilePart(name, part, `${path}.${name}`));
  const link = parts.get('link');
  if (!parts.has('url') && link) parts.set('url', link);
  const checkNames = (names: readonly string[] | undefined, key: string): readonly string[] => {
    (names ?? []).forEach((name, index) => {
      if (!parts.has(name)) {
        throw invalid(`"${name}" is not a configured part`, `${path}.${key}[${index}]`, `add selectors.${name} or list one of: ${[...parts.keys()].join(', ')}`);
      }
    });
    return names ?? [];
  };
  const enclosure = selectors.enclosure;
  const categories = checkNames(selectors.categories, 'categories');
  const guid = checkNames(selectors.guid, 'guid');
  const compiledEnclosure = enclosure === undefined ? undefined : { ...compilePart('enclosure', enclosure, `${path}.enclosure`), contentType: enclosure.content_type };
  for (const name of directHtmlParts(parts, [...categories, ...guid], compiledEnclosure)) {
    const part = parts.get(name)!;
    // Written out in compilePart's order (not spread): every part keeps one V8 hidden class.
    parts.set(name, {
      name: part.name,
      path: part.path,
      selector: part.selector,
      extractor: part.extractor,
      attribute: part.attribute,
      static: part.static,
      steps: part.steps,
      sanitiseFromNodes: true,
    });
  }
  return {
    path,
    items: compileSelector(selectors.items.selector, `${path}.items.selector`),
    reverse: selectors.items.order === 'reverse',
    parts,
    categories,
    guid,
    enclosure: compiledEnclosure,
  };
}

/**
 * `compileSelectorsConfig`, once per `selectors` object and path: a feed built again and again
 * from one loaded configuration (the server, `pnpm bench`) compiled every part and validated
 * every post-processor's options on each build. Configurations are read-only once loaded; one
 * with a mistake is not remembered and throws the same error each time.
 */
export function compiledSelectorsConfig(selectors: SelectorsConfig, path = 'selectors'): CompiledSelectors {
  const known = compiledConfigs.get(selectors);
  if (known && known.path === path) return known;
  const compiled = compileSelectorsConfig(selectors, path);
  compiledConfigs.set(selectors, compiled);
  return compiled;
}

const compiledConfigs = new WeakMap<SelectorsConfig, CompiledSelectors>();

/**
 * `description` and `content` parts whose raw HTML nobody reads: extractor `html`, then nothing
 * or only `sanitize_html`, not listed in `guid` or `categories`, and no template anywhere in the
 * config (a template could name them). Their value ends up sanitised by the normaliser in any
 * case; writing that straight from the page's nodes skips serialising the HTML only to read it
 * back. The result is the same string (`sanitize.test.ts` checks nodes and text agree).
 */
function directHtmlParts(parts: ReadonlyMap<string, CompiledPart>, listed: readonly string[], enclosure: CompiledPart | undefined): string[] {
  const all = [...parts.values(), ...(enclosure ? [enclosure] : [])];
  if (all.some((part) => part.steps.some((step) => step.name === 'template'))) return [];
  return ['description', 'content'].filter((name) => {
    const part = parts.get(name);
    if (!part || part.extractor !== 'html' || listed.includes(name)) return false;
    return part.steps.length === 0 || (part.steps.length === 1 && part.steps[0]!.name === 'sanitize_html');
  });
}

/** Parts copied onto the item draft as they are (the rest are lists, enclosure, or template helpers). */
export const DRAFT_FIELDS = ITEM_PART_NAMES.filter(
  (name): name is 'title' | 'url' | 'description' | 'content' | 'author' | 'image' | 'published_at' | 'updated_at' | 'id' =>
    !['link', 'categories', 'guid', 'enclosure'].includes(name),
);
