import type { AnyNode, Document, Element } from 'domhandler';
import { attribute, findFirst, isElement, scriptsOf, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';

const MOUNT_IDS = /^(root|app|__next|__nuxt|___gatsby|svelte|main-app|application|react-root|app-root)$/i;
/** Less visible text than this (without scripts) and the page cannot show a list by itself. */
const SHELL_TEXT_LIMIT = 600;

export interface ShellSignals {
  readonly visibleCharacters: number;
  readonly scripts: number;
  readonly mountPoint: boolean;
  readonly links: number;
  /** A `<noscript>` asking to turn JavaScript on. */
  readonly asksForJavaScript: boolean;
  /** Elements carrying a client framework's binding attributes (`ng-if`, `v-for`, `x-data`, …). */
  readonly bindings: number;
}

/** Attribute names client-side template frameworks leave in server HTML they have not rendered yet. */
const BINDING_ATTRIBUTE = /^(ng-|data-ng-|v-(if|for|show|bind|model|on)|x-(data|show|if|for)|data-bind$|ui-view$)/;

export function shellSignals(document: Document): ShellSignals {
  const body = findFirst(document, (element) => element.name === 'body') ?? document;
  let mountPoint = false;
  let links = 0;
  let bindings = 0;
  walkElements(body, (element) => {
    if (element.name === 'a') links += 1;
    if (Object.keys(element.attribs).some((name) => BINDING_ATTRIBUTE.test(name))) bindings += 1;
    if (MOUNT_IDS.test(attribute(element, 'id') ?? '') || (element.name.includes('-') && element.name.endsWith('root')) || element.name === 'app-root') mountPoint = true;
    return true;
  }, 60);
  const asksForJavaScript = findFirst(document, (element) => element.name === 'body') !== undefined && noscriptAsksForJavaScript(document);
  return { visibleCharacters: textOf(body, 20_000).length, scripts: scriptsOf(document).length, mountPoint, links, asksForJavaScript, bindings };
}

function noscriptAsksForJavaScript(document: Document): boolean {
  const stack: AnyNode[] = [...document.children];
  let budget = 50_000;
  while (stack.length > 0 && budget > 0) {
    budget -= 1;
    const node = stack.pop();
    if (!node || !isElement(node)) continue;
    if (node.name === 'noscript') {
      if (/javascript|js/i.test(rawNoscriptText(node))) return true;
      continue;
    }
    if (node.name === 'script' || node.name === 'style') continue;
    stack.push(...node.children);
  }
  return false;
}

function rawNoscriptText(element: Element): string {
  return element.children.map((child) => ('data' in child ? String(child.data) : isElement(child) ? rawNoscriptText(child) : '')).join(' ');
}

/** A client-rendered entry point: little server HTML, a mount point or scripts doing the work. */
export function isAppShell(signals: ShellSignals): boolean {
  if (signals.mountPoint && signals.visibleCharacters < SHELL_TEXT_LIMIT) return true;
  // An unrendered client template (binding attributes all over a thin page) is a shell even when its
  // bundles are injected later and no script tag is written yet.
  if (signals.bindings >= 3 && signals.visibleCharacters < SHELL_TEXT_LIMIT * 3 && signals.links < 20) return true;
  if (signals.scripts === 0 && !signals.asksForJavaScript) return false;
  if (signals.mountPoint && signals.visibleCharacters < SHELL_TEXT_LIMIT * 4) return true;
  if (signals.visibleCharacters < SHELL_TEXT_LIMIT && signals.links < 10) return true;
  // Many scripts and a thin server page: the list is fetched and drawn by the client.
  return signals.scripts >= 5 && signals.visibleCharacters < SHELL_TEXT_LIMIT * 3 && signals.links < 20;
}
