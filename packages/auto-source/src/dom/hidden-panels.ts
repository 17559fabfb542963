import type { Element } from 'domhandler';
import type { ExtractedItem } from './item-fields.js';

/**
 * Items in tab panels the page does not show (issue #16, tenth session). A box of tabs ("Latest",
 * "Most read", one tab per category) holds one panel per tab, side by side in the markup, and marks
 * the one shown (`active`, `current`, `selected`) or the others hidden (`hidden`, `aria-hidden`);
 * a saved page keeps every panel. The panels are alike, so the leading list takes all of them:
 * category tabs repeat the first tab's items (a reader sees each once), a "most read" tab adds
 * another list. What a person reads is the panel shown: items inside a panel that a sibling panel's
 * mark says is not shown are dropped, when at least `minItems` items remain. A panel is an element
 * with `role="tabpanel"` or a tab class (`tab-pane`, `tabPanel`, `js-tabTarget`); accordion sections,
 * each inside its own card, have no sibling panels and are left alone. No site is named.
 */

/** A class token naming a tab's panel. */
const PANEL_CLASS = /^(?:js-)?tabs?[-_]?(?:pane|panel|target|content|body|item)?s?$/i;
/** A class token marking the panel shown. */
const SHOWN_CLASS = /^(?:is-)?(?:active|current|selected)$/i;

function attributes(element: Element): Record<string, string> {
  return element.attribs ?? {};
}

function classTokens(element: Element): string[] {
  const value = attributes(element)['class'];
  return value ? value.trim().split(/\s+/) : [];
}

function isPanel(element: Element): boolean {
  return attributes(element)['role'] === 'tabpanel' || classTokens(element).some((token) => PANEL_CLASS.test(token));
}

function markedShown(element: Element): boolean {
  return classTokens(element).some((token) => SHOWN_CLASS.test(token));
}

function markedHidden(element: Element): boolean {
  const attribs = attributes(element);
  return 'hidden' in attribs || attribs['aria-hidden'] === 'true';
}

/** Whether `panel`, one of several sibling panels, is one the page marks as not shown. */
function inactivePanel(panel: Element): boolean {
  const parent = panel.parent;
  if (!parent || !('children' in parent)) return false;
  const siblings = (parent.children as Element[]).filter((child) => child.type === 'tag' && child.name === panel.name && isPanel(child));
  if (siblings.length < 2) return false;
  const shown = siblings.filter(markedShown).length;
  if (shown > 0 && shown < siblings.length && !markedShown(panel)) return true;
  return markedHidden(panel) && siblings.some((sibling) => !markedHidden(sibling));
}

/** The items outside the panels the page does not show, or all of them (see the module comment). */
export function dropHiddenPanels(items: readonly ExtractedItem[], minItems: number): readonly ExtractedItem[] {
  const verdicts = new Map<Element, boolean>();
  const hidden = (member: Element): boolean => {
    for (let node = member.parent as Element | null; node && node.type === 'tag'; node = node.parent as Element | null) {
      let verdict = verdicts.get(node);
      if (verdict === undefined) verdicts.set(node, (verdict = isPanel(node) && inactivePanel(node)));
      if (verdict) return true;
    }
    return false;
  };
  const kept = items.filter((item) => !hidden(item.member));
  return kept.length === items.length || kept.length < minItems ? items : kept;
}
