import type { SnapshotResponse } from '../api-types.js';
import { itemsFromClick, narrow, selectorForSet, widen, type ItemSet } from './item-selector.js';
import { pickPartNear } from './companion.js';
import { PART_NAMES, type PartName, type PickedPart } from './part-selector.js';
import type { PickedFeed } from './picked-feed.js';
import { browserDom as dom } from './picker-dom.js';

export type Step = 'items' | PartName;
const PART_ORDER: readonly PartName[] = PART_NAMES;
const MARKERS = ['data-pf-match', 'data-pf-example', 'data-pf-excluded', 'data-pf-part'];

/**
 * The picker's state on the frame's document: the step (items, or one part), the item set, the
 * excluded items and the parts, and what a click or Enter does in each step. The view reads it
 * after every change (`onChange`); all selector logic is in the pure modules.
 */
export class PickerSession {
  step: Step = 'items';
  itemSet: ItemSet<Element> | undefined;
  excluded: Element[] = [];
  parts: Partial<Record<PartName, PickedPart>> = {};
  /** The element last picked per part, in the example item (highlighted). */
  private partElements = new Map<PartName, Element>();
  /** The element last clicked in the items step (narrowing goes towards it). */
  private lastTarget: Element | undefined;
  /** A short sentence about the last action, for the live region. */
  message = 'Click one item of the list you want, for example a headline. Keyboard: focus the page, move with the arrow keys, pick with Enter.';
  clicks = 0;

  constructor(
    private readonly frameDocument: Document,
    private readonly snapshot: SnapshotResponse,
    private readonly onChange: () => void,
  ) {}

  get root(): Element {
    return this.frameDocument.documentElement;
  }

  feed(): PickedFeed | undefined {
    return this.itemSet ? { items: this.itemSet.selector, parts: this.parts } : undefined;
  }

  setStep(step: Step): void {
    this.step = step;
    this.message = step === 'items'
      ? 'Items: click an outlined item to leave it out (again to take it back), or click elsewhere to choose another list.'
      : `${stepLabel(step)}: click it inside any outlined item (or in the element right after it, such as the dd after its dt).`;
    this.render();
  }

  /** A click (or Enter) on `target` in the frame. */
  pick(target: Element): void {
    this.clicks += 1;
    if (this.step === 'items') this.pickItems(target);
    else this.pickPartAt(target, this.step);
    this.render();
  }

  widen(): void {
    if (!this.itemSet) return;
    this.itemSet = widen(dom, this.root, this.itemSet, this.excluded);
    this.afterItemsChanged('Widened to the enclosing element.');
  }

  narrow(): void {
    if (!this.itemSet) return;
    this.itemSet = narrow(dom, this.root, this.itemSet, this.lastTarget ?? this.itemSet.example, this.excluded);
    this.afterItemsChanged('Narrowed to the element inside.');
  }

  /** Forget the list and its parts: the next click chooses a new list. */
  reset(): void {
    this.itemSet = undefined;
    this.excluded = [];
    this.parts = {};
    this.partElements.clear();
    this.step = 'items';
    this.message = 'Start over: click one item of the list you want.';
    this.render();
  }

  clearPart(part: PartName): void {
    delete this.parts[part];
    this.partElements.delete(part);
    this.message = `${stepLabel(part)} removed.`;
    this.render();
  }

  private pickItems(target: Element): void {
    const matched = this.itemSet?.matches.find((item) => item.contains(target)) ?? this.excluded.find((item) => item.contains(target));
    if (this.itemSet && matched && (this.itemSet.matches.length >= 2 || this.excluded.includes(matched))) {
      // An outlined item clicked once the list is chosen: leave it out (or take it back).
      const excluded = this.excluded.includes(matched);
      this.excluded = excluded ? this.excluded.filter((item) => item !== matched) : [...this.excluded, matched];
      const wanted = excluded ? [...this.itemSet.matches, matched] : this.itemSet.matches;
      this.itemSet = selectorForSet(dom, this.root, wanted, this.itemSet.example === matched ? (wanted.find((item) => item !== matched) ?? matched) : this.itemSet.example, this.excluded);
      this.message = `${excluded ? 'Taken back' : 'Left out'}: ${this.itemSet.matches.length} items match now.`;
      return;
    }
    this.lastTarget = target;
    this.excluded = [];
    this.parts = {};
    this.partElements.clear();
    this.itemSet = itemsFromClick(dom, this.root, target, this.snapshot.candidates, this.excluded);
    this.afterItemsChanged('', true);
    // The first click usually lands on a headline: it gives the title (and its link) too.
    const set = this.itemSet;
    const text = dom.text(target);
    if (set.matches.length >= 2 && target !== set.example && set.example.contains(target) && text.length > 0 && text.length <= 200 && target.localName !== 'img') {
      this.pickPartAt(target, 'title');
      this.message = `${set.matches.length} items match. Title${this.parts.url ? ' and link' : ''} taken from your click. Next: ${stepLabel(this.step).toLowerCase()}, or create the feed.`;
    }
  }

  private afterItemsChanged(prefix: string, advance = false): void {
    const set = this.itemSet;
    if (!set) return;
    // Parts picked before stay when they still hold relative to the new items.
    for (const [name, element] of this.partElements) {
      const near = pickPartNear(dom, set.matches, element, name);
      if (near) this.parts[name] = near.picked;
      else this.clearPartQuietly(name);
    }
    const count = set.matches.length;
    this.message = `${prefix ? `${prefix} ` : ''}${count} ${count === 1 ? 'item matches' : 'items match'}. ${count < 2 ? 'A feed needs a list: widen, or click another element.' : 'Now click the title inside any outlined item.'}`;
    if (advance && count >= 2) this.step = 'title';
    this.render();
  }

  private clearPartQuietly(name: PartName): void {
    delete this.parts[name];
    this.partElements.delete(name);
  }

  private pickPartAt(target: Element, part: PartName): void {
    const set = this.itemSet;
    const near = set ? pickPartNear(dom, set.matches, target, part) : undefined;
    if (!set || !near) {
      this.message = `${stepLabel(part)}: click inside one of the outlined items, or in the element right after one.`;
      return;
    }
    this.parts[part] = near.picked;
    this.partElements.set(part, near.element);
    // A title inside (or around) a link also gives the item's link, one click saved.
    if (part === 'title' && !this.parts.url) {
      const link = pickPartNear(dom, set.matches, target, 'url');
      if (link && link.element.localName === 'a' && link.element.hasAttribute('href')) {
        this.parts.url = link.picked;
        this.partElements.set('url', link.element);
      }
    }
    const picked = this.parts[part];
    const next = PART_ORDER.find((name) => name !== part && !this.parts[name]);
    const where = picked?.selector ? `“${picked.selector}”` : 'the item itself';
    this.message = `${stepLabel(part)}: ${where}, found in ${picked?.found ?? 0} of ${set.matches.length} items.${next ? ` Next: ${stepLabel(next).toLowerCase()}, or create the feed.` : ''}`;
    if (next) this.step = next;
  }

  /** Outlines: every match, the example, the excluded items, and each part in the example item. */
  render(): void {
    for (const marker of MARKERS) for (const element of this.frameDocument.querySelectorAll(`[${marker}]`)) element.removeAttribute(marker);
    const set = this.itemSet;
    if (set) {
      for (const match of set.matches) match.setAttribute('data-pf-match', '');
      set.example.setAttribute('data-pf-example', '');
      for (const item of this.excluded) item.setAttribute('data-pf-excluded', '');
      for (const [name, part] of Object.entries(this.parts) as [PartName, PickedPart][]) {
        for (const match of set.matches) {
          const element = part.selector === undefined ? match : dom.selectAll(match, part.selector)[0];
          element?.setAttribute('data-pf-part', name);
        }
      }
    }
    this.onChange();
  }
}

export function stepLabel(step: Step): string {
  return { items: 'Items', title: 'Title', url: 'Link', published_at: 'Date', image: 'Image', description: 'Summary' }[step];
}
