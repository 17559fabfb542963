import { noScrapersFound } from '@pagefeed/core';
import type { FeedError, HtmlSourceDocument } from '@pagefeed/core';
import type { Element } from 'domhandler';
import { findFirst } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { weakBlockedSignal } from './blocked.js';
import { isLoadingShell } from './shell.js';
import { mainRegion } from './shell-placeholders.js';

export function bodyOf(document: HtmlSourceDocument): Element | HtmlSourceDocument['document'] {
  return findFirst(document.document, (element) => element.name === 'body') ?? document.document;
}

export function visibleText(document: HtmlSourceDocument): string {
  return textOf(bodyOf(document), 3_000);
}

/** Less text than this outside the page's chrome: the page the gate calls one item may be a wall with a footer. */
const THIN_MAIN_TEXT = 1_000;

/**
 * A wall whose footer links read as a list, refused by the article gate as one item: the wall's
 * words (not its widgets) read as for a page where no list was found, on a page that shows little
 * besides its chrome. With `loadingShells`, a page still loading whose country picker or menu read
 * as a list is an app shell the same way.
 */
export function refusedPageClass(document: HtmlSourceDocument, loadingShells: boolean): FeedError | undefined {
  const region = mainRegion(bodyOf(document));
  if (region.mainText >= THIN_MAIN_TEXT) return undefined;
  const weak = weakBlockedSignal(document, visibleText(document), false);
  if (weak) return noScrapersFound('blocked_surface', weak);
  if (loadingShells && isLoadingShell(region)) {
    return noScrapersFound('app_shell', `the page's main region shows ${region.placeholders} loading placeholders and ${region.mainText} characters of text; the content is rendered by JavaScript`);
  }
  return undefined;
}
