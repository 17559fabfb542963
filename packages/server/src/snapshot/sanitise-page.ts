import { parseHtml } from '@pagefeed/core';
import type { AnyNode, Element } from 'domhandler';
import { escapeAttribute, escapeText } from 'entities';
import { MAX_SNAPSHOT_CSS, sanitiseCss } from './sanitise-css.js';

/**
 * A fetched page as a script-free, inert HTML document for the picker's sandboxed frame.
 *
 * - Nothing runs: `<script>`, event-handler attributes, `javascript:` links, plugins and frames go.
 * - Nothing loads: stylesheets, frames, media, fonts and CSS `url()`s go; pictures keep their
 *   address in `data-pf-src` and only load (`src`) when the operator allows it.
 * - The tree keeps its shape: a removed element leaves an inert `<template data-pf-removed>` in its
 *   place, so sibling positions (`:nth-child`) match the page the engine reads, and auto-source's
 *   item selectors select the same elements in the frame as on the server.
 * - Styles survive as data: `<style>` text comes back in `styles` and `style` attributes as
 *   `data-pf-style`, both cleaned by `sanitiseCss`. The web UI applies them through the CSSOM,
 *   which its own Content-Security-Policy (`style-src 'self'`, inherited by the frame) permits.
 *
 * Written here rather than with a general sanitiser library because the picker needs the removed
 * elements' places kept and the styles handed over separately; sanitisers drop both.
 */
export interface SnapshotOptions {
  /** Let `<img>` load from the page's hosts (`SNAPSHOT_IMAGES=direct`). */
  readonly images: boolean;
}

export interface SanitisedPage {
  readonly html: string;
  readonly styles: readonly string[];
  readonly title: string;
  /** How many of each kind of thing were taken out, for the answer's transparency. */
  readonly removed: Readonly<Record<string, number>>;
}

/** Elements replaced by an inert placeholder (their content goes too). */
const REMOVED = new Set(['script', 'style', 'link', 'meta', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'param', 'fencedframe']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Attributes that would load, navigate, submit or take focus; `src`, `href`, `style` are handled apart. */
const DROPPED_ATTRIBUTES = new Set(['srcset', 'imagesrcset', 'imagesizes', 'poster', 'background', 'action', 'formaction', 'ping', 'manifest', 'codebase', 'longdesc', 'dynsrc', 'lowsrc', 'xlink:href', 'target', 'download', 'autofocus', 'contenteditable', 'http-equiv', 'nonce', 'integrity']);
const VALID_ATTRIBUTE_NAME = /^[^\s"'<>/=\u0000-\u001f\u007f]+$/;
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

export function sanitisePage(body: string, pageUrl: string, options: SnapshotOptions): SanitisedPage {
  const document = parseHtml(body);
  const state = { base: baseUrlOf(document.children, pageUrl), options, styles: [] as string[], cssLength: 0, title: '', removed: {} as Record<string, number> };
  const parts: string[] = ['<!doctype html>'];
  for (const node of document.children) writeNode(node, parts, state);
  return { html: parts.join(''), styles: state.styles, title: state.title, removed: state.removed };
}

type State = { base: string; options: SnapshotOptions; styles: string[]; cssLength: number; title: string; removed: Record<string, number> };

function writeNode(node: AnyNode, parts: string[], state: State): void {
  if (node.type === 'text') {
    parts.push(escapeText(node.data));
    return;
  }
  if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return; // comments, doctype, CDATA
  const element = node as Element;
  const name = element.name.toLowerCase();
  if (REMOVED.has(name)) {
    if (name === 'style') keepStyle(element, state);
    count(state, name === 'style' || (name === 'link' && /stylesheet/i.test(element.attribs['rel'] ?? '')) ? 'stylesheet' : name);
    parts.push(`<template data-pf-removed="${name}"></template>`);
    return;
  }
  if (name === 'title' && state.title === '') state.title = textOf(element).trim().replace(/\s+/g, ' ');
  parts.push(`<${name}`);
  for (const [attribute, value] of Object.entries(element.attribs)) writeAttribute(name, attribute.toLowerCase(), value, parts, state);
  parts.push('>');
  if (VOID.has(name)) return;
  for (const child of element.children) writeNode(child, parts, state);
  parts.push(`</${name}>`);
}

function writeAttribute(element: string, name: string, value: string, parts: string[], state: State): void {
  if (!VALID_ATTRIBUTE_NAME.test(name) || name.startsWith('on') || DROPPED_ATTRIBUTES.has(name)) {
    if (name.startsWith('on')) count(state, 'event handler');
    return;
  }
  let kept: [string, string][] = [[name, value]];
  if (name === 'style') kept = [['data-pf-style', sanitiseCss(value)]];
  else if (name === 'src') kept = sourceAttributes(element, value, state);
  else if (name === 'href') kept = hrefAttributes(element, value, state);
  for (const [keptName, keptValue] of kept) parts.push(` ${keptName}="${escapeAttribute(keptValue)}"`);
}

/** `<img src>` keeps its address as data (and loads only when allowed); every other `src` goes. */
function sourceAttributes(element: string, value: string, state: State): [string, string][] {
  if (element !== 'img') {
    count(state, `${element} source`);
    return [];
  }
  const trimmed = value.trim();
  if (/^data:image\//i.test(trimmed)) return [['src', trimmed]];
  const absolute = resolve(trimmed, state.base);
  if (!absolute || !/^https?:/.test(absolute)) return [];
  if (state.options.images) return [['src', absolute], ['data-pf-src', absolute]];
  count(state, 'image');
  return [['data-pf-src', absolute]];
}

/** Links become absolute (the picker reads them as item links); only in-document references elsewhere. */
function hrefAttributes(element: string, value: string, state: State): [string, string][] {
  const trimmed = value.trim();
  if (element === 'a' || element === 'area') {
    const absolute = resolve(trimmed, state.base);
    return absolute && LINK_SCHEMES.has(new URL(absolute).protocol) ? [['href', absolute]] : [];
  }
  return trimmed.startsWith('#') ? [['href', trimmed]] : [];
}

function keepStyle(element: Element, state: State): void {
  const css = sanitiseCss(textOf(element));
  if (state.cssLength + css.length > MAX_SNAPSHOT_CSS) {
    count(state, 'stylesheet over the size limit');
    return;
  }
  state.cssLength += css.length;
  state.styles.push(css);
}

function baseUrlOf(nodes: readonly AnyNode[], pageUrl: string): string {
  const base = findFirst(nodes, (element) => element.name === 'base' && element.attribs['href'] !== undefined);
  return (base && resolve(base.attribs['href'] ?? '', pageUrl)) || pageUrl;
}

function findFirst(nodes: readonly AnyNode[], test: (element: Element) => boolean): Element | undefined {
  for (const node of nodes) {
    if (!('children' in node) || !('name' in node)) continue;
    const element = node as Element;
    if (test(element)) return element;
    const inner = findFirst(element.children, test);
    if (inner) return inner;
  }
  return undefined;
}

function resolve(value: string, base: string): string | undefined {
  try {
    return new URL(value, base).href;
  } catch {
    return undefined;
  }
}

function textOf(element: Element): string {
  return element.children.map((child) => (child.type === 'text' ? child.data : 'children' in child ? textOf(child as Element) : '')).join('');
}

function count(state: State, kind: string): void {
  state.removed[kind] = (state.removed[kind] ?? 0) + 1;
}
