import { compileSelector, parseHtml } from '@pagefeed/core';
import type { Element } from 'domhandler';
import type { PickerDom } from './picker-dom.js';

/** Core's parsed page as a PickerDom: the unit tests run the picker's logic on the engine's own DOM and selector engine. */
export const engineDom: PickerDom<Element> = {
  parent: (element) => (element.parent && element.parent.type === 'tag' ? (element.parent as Element) : undefined),
  children: (element) => element.children.filter((child): child is Element => child.type === 'tag'),
  tag: (element) => element.name.toLowerCase(),
  attribute: (element, name) => element.attribs[name],
  attributeNames: (element) => Object.keys(element.attribs),
  selectAll: (root, selector) => {
    try {
      // A selector that starts at the item (`:scope + dd`) is asked of the item itself, as the engine asks every part.
      return compileSelector(selector).selectAll(selector.startsWith(':scope') ? root : root.children);
    } catch {
      return [];
    }
  },
  text: (element) => textOf(element).replace(/\s+/g, ' ').trim(),
};

function textOf(element: Element): string {
  return element.children.map((child) => (child.type === 'text' ? (child as unknown as { data: string }).data : child.type === 'tag' ? textOf(child as Element) : '')).join('');
}

/** The page's <html> element and a finder by selector (first match). */
export function load(html: string): { root: Element; find: (selector: string, index?: number) => Element } {
  const document = parseHtml(html);
  const root = document.children.find((child): child is Element => child.type === 'tag' && (child as Element).name === 'html');
  if (!root) throw new Error('no <html> element');
  return {
    root,
    find: (selector, index = 0) => {
      const found = engineDom.selectAll(root, selector)[index];
      if (!found) throw new Error(`nothing matches ${selector}`);
      return found;
    },
  };
}
