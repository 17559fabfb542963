import { selectAll as cssSelectAll, selectOne as cssSelectOne } from 'css-select';
import { parse as parseCss } from 'css-what';
import type { AnyNode, Element } from 'domhandler';
import { FeedError } from '../contracts/errors.js';

/**
 * CSS selection with the jQuery-style positional extensions used by html2rss configs:
 * a trailing `:first` or `:last` (per whole selector group) picks one match, `:eq(n)` the n-th.
 */
export interface CompiledSelector {
  readonly source: string;
  selectAll(root: AnyNode | AnyNode[]): Element[];
  selectOne(root: AnyNode | AnyNode[]): Element | null;
}

const POSITIONAL = /:(first|last|eq\((\d+)\))\s*$/;
const cache = new Map<string, CompiledSelector>();

export function compileSelector(selector: string, path?: string): CompiledSelector {
  const cached = cache.get(selector);
  if (cached) return cached;
  const compiled = compileUncached(selector, path);
  if (cache.size > 5_000) cache.clear();
  cache.set(selector, compiled);
  return compiled;
}

function compileUncached(selector: string, path?: string): CompiledSelector {
  const trimmed = selector.trim();
  const positional = POSITIONAL.exec(trimmed);
  const css = positional ? trimmed.slice(0, positional.index).trim() || '*' : trimmed;
  assertValidCss(css, selector, path);
  const pick = (elements: Element[]): Element[] => {
    if (!positional) return elements;
    if (positional[1] === 'first') return elements.slice(0, 1);
    if (positional[1] === 'last') return elements.slice(-1);
    const index = Number(positional[2]);
    return elements.slice(index, index + 1);
  };
  return {
    source: selector,
    selectAll: (root) => pick(cssSelectAll(css, root)),
    selectOne: (root) => (positional ? (pick(cssSelectAll(css, root))[0] ?? null) : cssSelectOne(css, root)),
  };
}

function assertValidCss(css: string, original: string, path?: string): void {
  try {
    parseCss(css);
    // css-select rejects some selectors css-what accepts (unknown pseudo-classes); compile to find out.
    cssSelectAll(css, []);
  } catch (error) {
    const where = path ? ` at ${path}` : '';
    throw new FeedError('ConfigurationInvalid', `Invalid CSS selector${where}: "${original}" (${(error as Error).message})`, {
      ...(path === undefined ? {} : { path }),
      hint: 'fix the selector; test it in the browser console with document.querySelectorAll(...)',
      cause: error,
    });
  }
}
