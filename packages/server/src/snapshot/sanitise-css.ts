/**
 * CSS of a page snapshot, made inert: nothing in it may make the browser ask for anything. The
 * snapshot frame lives under the web UI's Content-Security-Policy, which would block such requests
 * anyway; removing them keeps the console quiet and does not depend on the policy staying strict.
 *
 * Hand-written rather than a CSS parser: the job is only to neutralise the few constructs that load
 * things (`url()`, `image-set()`, `@import`, legacy `expression()`/`behavior`/`-moz-binding`),
 * and a regular scan over the text does that without building a tree for stylesheets that can be
 * hundreds of kilobytes. Anything it cannot recognise stays text the browser's parser reads as
 * CSS, never markup: it is handed to the frame through the CSSOM (`replaceSync`, `style.cssText`).
 */
const LOADING_FUNCTION = /\b(?:url|image-set|-webkit-image-set|image|cross-fade|src)\s*\(\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^)]*)\s*\)/gi;
const IMPORT_RULE = /@import\b[^;]*;?/gi;
const LEGACY_CODE = /\bexpression\s*\(|\bbehavior\s*:|-moz-binding\s*:/gi;
const CSS_COMMENT = /\/\*[\s\S]*?(?:\*\/|$)/g;

/** Longest stylesheet text kept per snapshot (all sheets together). */
export const MAX_SNAPSHOT_CSS = 512 * 1024;

export function sanitiseCss(css: string): string {
  return css
    .replace(CSS_COMMENT, '')
    .replace(IMPORT_RULE, '')
    .replace(LOADING_FUNCTION, 'none')
    .replace(LEGACY_CODE, 'invalid-removed(')
    // `</style` has no meaning in the CSSOM, but the text must never look like markup if a later
    // change ever writes it into a <style> element.
    .replace(/</g, '\\3c ');
}
