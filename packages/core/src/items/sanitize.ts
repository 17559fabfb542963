import { parseFragment } from '../dom/deferred-entities.js';
import { isTag, isText, type AnyNode } from 'domhandler';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  DROPPED_WITH_CONTENT,
  EMPTY_ALLOWED,
  repairAttributes,
  repairedValue,
  VOID_TAGS,
} from './sanitize-policy.js';

/**
 * Item HTML as feed readers should receive it (the policy is in `sanitize-policy.ts`).
 *
 * The sanitiser walks a parsed tree and writes only what the policy allows. A fragment that the
 * `html` extractor (or auto-source) cut out of the page is walked in the page's own tree: the page
 * was parsed once, and serialising a fragment only to parse it again cost as much as a sixth of a
 * selectors-mode feed. Other strings (post-processor output, JSON values) are parsed here.
 */
export function sanitizeItemHtml(html: string, baseUrl: string): string {
  if (recentOutputs.get(html) === baseUrl) return html;
  const nodes = fragmentOrigins.get(html);
  const output = nodes ? sanitizeNodes(nodes, baseUrl) : sanitizeString(html, baseUrl);
  if (recentOutputs.size >= RECENT_LIMIT) recentOutputs.clear();
  recentOutputs.set(output, baseUrl);
  return output;
}

/**
 * Recent outputs, each with the base URL it was made for. A config ending in `sanitize_html`
 * sanitises a description in the post-processor and the normaliser hands the same string back:
 * an output is already safe for that base URL, so the second pass is skipped. Only exact strings
 * count: a value changed after sanitising is sanitised again.
 */
const recentOutputs = new Map<string, string>();
/** Serialised fragments → the nodes they were serialised from (see `rememberFragmentNodes`). */
const fragmentOrigins = new Map<string, readonly AnyNode[]>();
const RECENT_LIMIT = 20_000;

/**
 * Records that `html` is exactly the serialisation of `nodes` (a part of a parsed page), so that
 * sanitising that string walks the nodes instead of parsing it again. The nodes must not change
 * afterwards (pagefeed never modifies a parsed page).
 */
export function rememberFragmentNodes(html: string, nodes: readonly AnyNode[]): void {
  if (fragmentOrigins.size >= RECENT_LIMIT) fragmentOrigins.clear();
  fragmentOrigins.set(html, nodes);
}

export type SanitisedMark = 'as-is' | 'text-may-convert';

/** Draft fields that already hold sanitiser output (drafts are collected with their marks). */
const sanitisedFields = new WeakMap<object, Map<string, SanitisedMark>>();

/**
 * Marks `draft[field]` as sanitiser output, written from the page's nodes: the normaliser does not
 * sanitise it again. Sanitiser output makes every URL absolute, so it stays right whatever base URL
 * the normaliser is given; no text is hashed to remember it. `text-may-convert`: the value went
 * through a `sanitize_html` step, after which a description that is only text gets the normaliser's
 * paragraph conversion, as before this shortcut existed.
 */
export function markSanitised(draft: object, field: 'description' | 'content', mark: SanitisedMark): void {
  const fields = sanitisedFields.get(draft);
  if (fields) fields.set(field, mark);
  else sanitisedFields.set(draft, new Map([[field, mark]]));
}

export function sanitisedMark(draft: object, field: 'description' | 'content'): SanitisedMark | undefined {
  return sanitisedFields.get(draft)?.get(field);
}

/** Drops what is remembered (the normaliser calls this when a feed's items are done). */
export function forgetSanitisedOutputs(): void {
  recentOutputs.clear();
  fragmentOrigins.clear();
}

function sanitizeString(html: string, baseUrl: string): string {
  // Text without markup or entities is its own sanitised form.
  if (!/[<>&]/.test(html)) return html.trim();
  return sanitizeNodes(parseFragment(html).children, baseUrl);
}

/** A closing tag still to write, or a node still to visit. */
type Step = AnyNode | string;

/**
 * The sanitised HTML of nodes of a parsed page (see `markSanitised` for handing it on). Walks with
 * its own stack, so a deeply nested fragment cannot overflow the call stack.
 */
export function sanitizeNodes(nodes: readonly AnyNode[], baseUrl: string): string {
  let output = '';
  const stack: Step[] = [];
  pushReversed(stack, nodes);
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (typeof step === 'string') {
      output += step;
      continue;
    }
    if (isText(step)) {
      output += escapeText(step.data);
      continue;
    }
    // Comments, doctypes and CDATA sections are dropped.
    if (!isTag(step)) continue;
    const rule = TAG_RULES.get(step.name);
    if (rule === undefined) {
      // Unknown wrappers (font, center, form …) go; their content stays.
      pushReversed(stack, step.children);
      continue;
    }
    if (rule.dropped) continue;
    const attributes = allowedAttributes(step.name, rule.attributes, step.attribs, baseUrl);
    if (attributes === undefined) continue;
    if (rule.void) {
      output += `${rule.open}${attributes} />`;
      continue;
    }
    output += `${rule.open}${attributes}>`;
    stack.push(rule.close);
    pushReversed(stack, step.children);
  }
  return output.trim();
}

function pushReversed(stack: Step[], nodes: readonly AnyNode[]): void {
  for (let index = nodes.length - 1; index >= 0; index -= 1) stack.push(nodes[index]!);
}

/** Attributes whose value the policy rewrites (URLs made absolute, lazy images repaired). */
const REWRITTEN = new Set(['href', 'src', 'cite', 'poster', 'srcset']);

/**
 * What the policy does with each element it names, in one look-up per element: dropped with its
 * content, or kept (void or not) with the attributes it may keep and its tag text made once.
 * Elements it does not name are unwrapped.
 */
interface TagRule {
  readonly dropped: boolean;
  readonly void: boolean;
  readonly attributes: ReadonlySet<string>;
  readonly open: string;
  readonly close: string;
}

const TAG_RULES: ReadonlyMap<string, TagRule> = new Map([
  ...[...ALLOWED_TAGS].map((name): [string, TagRule] => [
    name,
    { dropped: false, void: VOID_TAGS.has(name), attributes: ALLOWED_ATTRIBUTES.get(name)!, open: `<${name}`, close: `</${name}>` },
  ]),
  // Last, so that dropping wins should a name ever be in both lists.
  ...[...DROPPED_WITH_CONTENT].map((name): [string, TagRule] => [name, { dropped: true, void: false, attributes: new Set(), open: '', close: '' }]),
]);

/** The attribute text to write (` a="b"` …), or undefined when the element must go (an image without a source). */
function allowedAttributes(tagName: string, allowed: ReadonlySet<string>, attributes: Readonly<Record<string, string>>, baseUrl: string): string | undefined {
  const media = tagName === 'img' || tagName === 'source';
  let kept = 0;
  let rewrite = false;
  for (const name in attributes) {
    if (allowed.has(name)) {
      kept += 1;
      if (REWRITTEN.has(name)) rewrite = true;
    } else if (media && name.startsWith('data-')) rewrite = true;
  }
  if (kept === 0 && !rewrite) return tagName === 'img' ? undefined : '';
  // Most elements keep a title or nothing. Lazy images need a repaired copy (repair may add a
  // source); other elements with URLs have each kept value repaired as it is written.
  const values = rewrite && media ? repairAttributes(tagName, attributes, baseUrl) : attributes;
  const repairEach = rewrite && !media;
  if (tagName === 'img' && !values['src']) return undefined;
  let text = '';
  for (const name in values) {
    if (!allowed.has(name)) continue;
    let value = values[name]!;
    if (repairEach && REWRITTEN.has(name)) {
      const repaired = repairedValue(tagName, name, value, baseUrl);
      if (repaired === undefined) continue;
      value = repaired;
    }
    if (value === '') {
      if (EMPTY_ALLOWED.has(name)) text += name === 'alt' ? ' alt=""' : ` ${name}`;
      continue;
    }
    text += ` ${name}="${escapeAttribute(value)}"`;
  }
  return text;
}

function escapeText(text: string): string {
  if (!/[&<>]/.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  if (!/[&<>"]/.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
