import type { PreviewItem } from '../api-types.js';
import type { PartName, PickedPart } from './part-selector.js';
import type { PickerDom } from './picker-dom.js';

/** What the picker has built: the `selectors` of a feeds.yml feed (the shape `capture` has). */
export interface PickedFeed {
  readonly items: string;
  readonly parts: Readonly<Partial<Record<PartName, PickedPart>>>;
}

export type PartConfig = { selector?: string; extractor?: string; attribute?: string; post_process?: { name: string }[] };

/** The parts as feeds.yml writes them (what POST /api/v1/feeds takes as `selectors`). */
export function partsConfig(feed: PickedFeed): Record<string, PartConfig> {
  const parts: Record<string, PartConfig> = {};
  for (const [name, part] of Object.entries(feed.parts) as [PartName, PickedPart][]) {
    parts[name] = {
      ...(part.selector === undefined ? {} : { selector: part.selector }),
      extractor: part.extractor,
      ...(part.attribute === undefined ? {} : { attribute: part.attribute }),
      ...(part.post_process ? { post_process: part.post_process.map((step) => ({ name: step.name })) } : {}),
    };
  }
  return parts;
}

/**
 * The items the picked selectors give on the snapshot, read as the engine would (first match of
 * each part; links and pictures resolved against the page; dates from `datetime` or parsed text).
 * An approximation for the live preview: the created feed is read by the engine itself.
 */
export function previewPicked<E>(dom: PickerDom<E>, root: E, feed: PickedFeed, pageUrl: string): PreviewItem[] {
  return dom.selectAll(root, feed.items).map((item) => {
    const value = (name: PartName): string | undefined => {
      const part = feed.parts[name];
      if (!part) return undefined;
      const element = part.selector === undefined ? item : dom.selectAll(item, part.selector)[0];
      if (element === undefined) return undefined;
      if (part.extractor === 'href') return dom.attribute(element, 'href');
      if (part.extractor === 'attribute') {
        // The snapshot keeps a picture's address in data-pf-src; the page (and the engine) has it in src.
        const attribute = part.attribute ?? '';
        return dom.attribute(element, attribute) ?? (attribute === 'src' ? dom.attribute(element, 'data-pf-src') : undefined);
      }
      return dom.text(element) || undefined;
    };
    const url = absolute(value('url'), pageUrl);
    const image = absolute(value('image'), pageUrl);
    const published = dateOf(value('published_at'));
    const title = value('title');
    const description = value('description');
    return {
      ...(title ? { title } : {}),
      ...(url ? { url } : {}),
      ...(image ? { image } : {}),
      ...(published ? { published_at: published } : {}),
      ...(description ? { description } : {}),
    };
  });
}

function absolute(value: string | undefined, base: string): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value, base).href;
  } catch {
    return undefined;
  }
}

function dateOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value.replace(/(\d)(st|nd|rd|th)\b/g, '$1'));
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
