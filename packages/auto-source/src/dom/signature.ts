import type { Element } from 'domhandler';

const UNSTABLE_CLASS = /^(is|has)-|^(active|current|selected|first|last|odd|even|open|hidden|visible|new|featured|sticky)$/i;
/**
 * Stable classes per `class` attribute value. A page repeats a few hundred values thousands of
 * times, and the answer depends on the string alone, so it is kept across pages (bounded).
 */
export interface StableClasses {
  readonly classes: readonly string[];
  readonly suffix: string;
  /** Signatures by tag name (one string per tag and value instead of one per element). */
  readonly signatures: Map<string, string>;
  /** What `classFlags` found for the value (-1 until asked). */
  flags: number;
}

const stableByValue = new Map<string, StableClasses>();
const STABLE_CACHE_LIMIT = 20_000;

function stableOf(value: string): StableClasses {
  let found = stableByValue.get(value);
  if (found === undefined) {
    const classes = value
      .split(/\s+/)
      .filter((name) => name.length > 0 && name.length <= 40 && !/\d/.test(name) && !UNSTABLE_CLASS.test(name))
      .sort()
      .slice(0, 3);
    found = { classes, suffix: classes.length > 0 ? `.${classes.join('.')}` : '', signatures: new Map(), flags: -1 };
    if (stableByValue.size >= STABLE_CACHE_LIMIT) stableByValue.clear();
    stableByValue.set(value, found);
  }
  return found;
}

/** The cached facts of one `class` attribute value. */
export function stableEntry(value: string): StableClasses {
  return stableOf(value);
}

/** A class name stable enough to group by: no digits (hashes, utilities like `mt-4`), no states. */
export function stableClasses(element: Element): readonly string[] {
  const value = (element.attribs as Record<string, string> | undefined)?.['class'];
  return value ? stableOf(value).classes : [];
}

/** Tag name and stable classes, e.g. `li.post` (`li` without any). */
export function signature(element: Element): string {
  const value = (element.attribs as Record<string, string> | undefined)?.['class'];
  if (!value) return element.name;
  return signatureWith(stableOf(value), element.name);
}

/** `signature` of an element named `name` whose class value has the facts `stable`. */
export function signatureWith(stable: StableClasses, name: string): string {
  if (!stable.suffix) return name;
  let found = stable.signatures.get(name);
  if (found === undefined) {
    found = name + stable.suffix;
    stable.signatures.set(name, found);
  }
  return found;
}
