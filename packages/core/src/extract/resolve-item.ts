import type { Element } from 'domhandler';
import type { FeedWarning } from '../engine/types.js';
import { PostProcessorFailure, type PostProcessorContext, type PostProcessorValue } from '../post-processors/define.js';
import { runPostProcessors } from '../post-processors/run.js';
import type { CompiledPart, CompiledSelectors } from './compile.js';
import type { CompiledSelector } from '../dom/select.js';
import { sanitizeNodes } from '../items/sanitize.js';
import { builtinExtractors } from './extractors.js';

export interface ItemScope {
  readonly compiled: CompiledSelectors;
  readonly element: Element;
  readonly index: number;
  readonly baseUrl: string;
  readonly json: boolean;
  readonly timeZone: string | undefined;
  readonly locale: string | undefined;
  readonly now: Date | undefined;
  readonly warnings: FeedWarning[];
  /** Names of parts whose extractor found something on at least one item. */
  readonly found: Set<string>;
  /** Names of parts evaluated on at least one item. */
  readonly evaluated: Set<string>;
  /**
   * Names of this item's parts whose value is sanitiser output written from the page's nodes. An
   * array, like the resolver's stack of parts being resolved: an item has a few parts, and a `Set`
   * per item (whose table is reallocated as it shrinks) was most of what resolving allocated.
   */
  readonly sanitised: string[];
  /**
   * The last part selector searched for in this item with its outermost matches. Parts that share
   * a selector (html2rss configs give `title` and `url` the same one) search the item once: the
   * first outermost match is the first match, which is all `href` reads.
   */
  lastSearch: { readonly selector: CompiledSelector; readonly elements: Element[] } | undefined;
}

/**
 * Resolves the parts of one item lazily: a part is extracted and post-processed the first time an
 * item field or a template asks for it, then remembered. Templates may reference each other; a
 * cycle is reported instead of recursing forever.
 */
export interface PartResolver {
  /** A configured part by name, memoised per item. */
  resolve(name: string): PostProcessorValue | undefined;
  /** A part outside the named parts (the enclosure), with the same template context. */
  evaluate(part: CompiledPart): PostProcessorValue | undefined;
  /** The part's value (once resolved) is sanitiser output: the normaliser need not sanitise it again. */
  sanitised(name: string): boolean;
}

export function createPartResolver(scope: ItemScope): PartResolver {
  const values = new Map<string, PostProcessorValue | undefined>();
  // The parts being resolved, innermost last (templates resolve parts inside parts).
  const resolving: string[] = [];

  const context: PostProcessorContext = {
    baseUrl: scope.baseUrl,
    timeZone: scope.timeZone,
    locale: scope.locale,
    now: scope.now,
    part(name) {
      if (!scope.compiled.parts.has(name)) {
        const known = [...scope.compiled.parts.keys()].join(', ');
        throw new PostProcessorFailure(
          'TemplatePartMissing',
          `the template names part "${name}", which is not configured (configured parts: ${known}); add ${scope.compiled.path}.${name} or fix the name`,
        );
      }
      if (resolving.includes(name)) {
        throw new PostProcessorFailure('TemplateCycle', `parts ${[...resolving, name].map((part) => `"${part}"`).join(' → ')} refer to each other in templates`);
      }
      return resolve(name);
    },
  };

  const resolve = (name: string): PostProcessorValue | undefined => {
    if (values.has(name)) return values.get(name);
    const part = scope.compiled.parts.get(name);
    if (!part) return undefined;
    resolving.push(name);
    try {
      const value = evaluatePart(part, scope, context);
      values.set(name, value);
      return value;
    } finally {
      resolving.pop();
    }
  };
  return { resolve, evaluate: (part) => evaluatePart(part, scope, context), sanitised: (name) => scope.sanitised.includes(name) };
}

/** Extracts one part of one item and runs its post-processors. */
export function evaluatePart(part: CompiledPart, scope: ItemScope, context: PostProcessorContext): PostProcessorValue | undefined {
  scope.evaluated.add(part.name);
  const elements = part.selector ? matches(part, part.selector, scope) : [scope.element];
  if (part.sanitiseFromNodes && !scope.json) {
    // The value the html extractor + sanitiser give, without the HTML text in between; the part's
    // only possible step, sanitize_html, would hand sanitiser output back unchanged.
    if (elements.length === 0) return undefined;
    scope.found.add(part.name);
    if (!scope.sanitised.includes(part.name)) scope.sanitised.push(part.name);
    const html = sanitizeNodes(elements, scope.baseUrl);
    return html === '' ? undefined : html;
  }
  const raw =
    part.extractor === 'static' || elements.length > 0
      ? builtinExtractors[part.extractor]({ elements, attribute: part.attribute, static: part.static, baseUrl: scope.baseUrl, json: scope.json })
      : undefined;
  if (raw !== undefined) scope.found.add(part.name);
  // A chain starting with a template builds its value from other parts even when this part's own
  // selector finds nothing (`url: { post_process: [{ name: template, ... }] }`).
  const startsWithTemplate = part.steps[0]?.name === 'template';
  if (raw === undefined && !startsWithTemplate) return undefined;
  const result = runPostProcessors(part.steps, raw ?? '', context, scope.index);
  if (result.warning) scope.warnings.push(result.warning);
  return result.value;
}

/**
 * The part's matches inside the item. `href` reads only the first match, so the search stops
 * there instead of walking the rest of the item (the first match in document order is never
 * inside another match, so it is what `outermost` would keep first).
 */
function matches(part: CompiledPart, selector: CompiledSelector, scope: ItemScope): Element[] {
  const last = scope.lastSearch;
  if (last !== undefined && last.selector === selector) return part.extractor === 'href' ? last.elements.slice(0, 1) : last.elements;
  if (part.extractor === 'href') {
    const first = selector.selectOne(scope.element);
    return first ? [first] : [];
  }
  const elements = selector.selectOutermost(scope.element);
  scope.lastSearch = { selector, elements };
  return elements;
}
