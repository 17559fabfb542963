import type { Document } from 'domhandler';
import { attribute, findFirst, scriptsOf, textOf, walkElements } from '../util/dom.js';

const MOUNT_IDS = /^(root|app|__next|__nuxt|___gatsby|svelte|main-app|application|react-root|app-root)$/i;
/** Less visible text than this (without scripts) and the page cannot show a list by itself. */
const SHELL_TEXT_LIMIT = 600;

export interface ShellSignals {
  readonly visibleCharacters: number;
  readonly scripts: number;
  readonly mountPoint: boolean;
  readonly links: number;
}

export function shellSignals(document: Document): ShellSignals {
  const body = findFirst(document, (element) => element.name === 'body') ?? document;
  let mountPoint = false;
  let links = 0;
  walkElements(body, (element) => {
    if (element.name === 'a') links += 1;
    if (MOUNT_IDS.test(attribute(element, 'id') ?? '') || (element.name.includes('-') && element.name.endsWith('root')) || element.name === 'app-root') mountPoint = true;
    return true;
  }, 60);
  return { visibleCharacters: textOf(body, 20_000).length, scripts: scriptsOf(document).length, mountPoint, links };
}

/** A client-rendered entry point: little server HTML, a mount point or scripts doing the work. */
export function isAppShell(signals: ShellSignals): boolean {
  if (signals.scripts === 0) return false;
  if (signals.mountPoint && signals.visibleCharacters < SHELL_TEXT_LIMIT * 4) return true;
  return signals.visibleCharacters < SHELL_TEXT_LIMIT && signals.links < 10;
}
