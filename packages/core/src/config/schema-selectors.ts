import * as v from 'valibot';
import {
  POST_PROCESSOR_NAMES,
  type ExtractorName,
  type PartSelector,
  type PostProcessorStep,
  type SelectorsConfig,
} from '../contracts/config.js';
import { closedObject, cssSelector, expected, flag, nonEmptyText, oneOf, positiveInteger, text } from './schema-fields.js';
import { compact } from './compact.js';

export const EXTRACTOR_NAMES = ['text', 'html', 'href', 'attribute', 'static'] as const satisfies readonly ExtractorName[];
/** Keys of `selectors` that are not parts. */
export const RESERVED_SELECTOR_KEYS = ['items', 'categories', 'guid', 'enclosure'] as const;

const postProcessStep = v.pipe(
  v.objectWithRest(
    {
      name: v.pipe(oneOf(POST_PROCESSOR_NAMES, 'post-processor'), v.description('Post-processor name.')),
    },
    v.unknown(),
    expected('a post-processor step such as { name: parse_time }'),
  ),
  v.description('One post-processor step: `name` plus its options (e.g. gsub: pattern, replacement).'),
  v.transform(({ name, ...options }): PostProcessorStep => ({ name, options })),
);

const postProcess = v.pipe(
  v.union([postProcessStep, v.array(postProcessStep, expected('a list of post-processor steps'))], expected('a post-processor step or a list of them')),
  v.description('Post-processors applied in order to the extracted value: one step or a list of steps.'),
  v.transform((value): readonly PostProcessorStep[] => (Array.isArray(value) ? value : [value as PostProcessorStep])),
);

const partEntries = {
  selector: v.optional(cssSelector('CSS selector relative to the item element; omit to use the item element itself.')),
  extractor: v.optional(
    v.pipe(oneOf(EXTRACTOR_NAMES, 'extractor'), v.description('How the value is taken: text (default), html, href, attribute, static.')),
  ),
  attribute: v.optional(v.pipe(nonEmptyText(), v.description('Attribute name, for extractor: attribute.'))),
  static: v.optional(v.pipe(text(), v.description('Fixed value, for extractor: static.'))),
  post_process: v.optional(postProcess),
};

function toPart(input: {
  selector?: string | undefined;
  extractor?: ExtractorName | undefined;
  attribute?: string | undefined;
  static?: string | undefined;
  post_process?: readonly PostProcessorStep[] | undefined;
}): PartSelector {
  return compact({ ...input });
}

export const partSchema = v.pipe(
  closedObject(partEntries, 'a part (a mapping with selector, extractor, attribute, static, post_process)'),
  v.description('A part of each item: where its value comes from and how it is post-processed.'),
  v.transform(toPart),
);

const enclosureSchema = v.pipe(
  closedObject({ ...partEntries, content_type: v.optional(v.pipe(nonEmptyText(), v.description('MIME type of the enclosure, e.g. image/jpeg.'))) }),
  v.description('Media attached to each item (RSS enclosure / JSON Feed attachment).'),
  v.transform(({ content_type, ...part }) => compact({ ...toPart(part), content_type })),
);

const partNameList = (description: string) =>
  v.pipe(v.array(nonEmptyText('a part name'), expected('a list of part names')), v.minLength(1, 'must list at least one part name'), v.description(description));

const itemsSchema = v.pipe(
  closedObject({
    selector: cssSelector('CSS selector matching each element that becomes a feed item.'),
    order: v.optional(v.pipe(oneOf(['reverse'] as const, 'order'), v.description('reverse: emit items in reverse document order.'))),
    pagination: v.optional(
      v.pipe(
        closedObject({
          selector: cssSelector('CSS selector of the link to the next page.'),
          max_pages: v.optional(v.pipe(positiveInteger(), v.description('How many pages to follow at most.'))),
        }, 'a mapping { selector: <next-page link>, max_pages: <number> }'),
        v.description('Follow "next page" links to collect more items.'),
      ),
    ),
    enhance: v.optional(v.pipe(flag(), v.description('Accepted for html2rss compatibility; has no effect.'))),
  }),
  v.description('Which elements are items, their order and pagination.'),
);

export const selectorsSchema = v.pipe(
  v.objectWithRest(
    {
      items: itemsSchema,
      categories: v.optional(partNameList('Parts whose values become the item categories.')),
      guid: v.optional(partNameList('Parts whose values are joined into the item GUID.')),
      enclosure: v.optional(enclosureSchema),
    },
    partSchema,
    expected('a mapping of items and parts'),
  ),
  v.description('Manual extraction: `items` selects the item elements; every other key is a part (title, url, description, published_at, ... or a helper for template).'),
  v.transform(({ items, categories, guid, enclosure, ...parts }): SelectorsConfig => {
    const { enhance: _ignored, pagination, ...itemSelector } = items;
    const itemsConfig = compact({ ...itemSelector, pagination: pagination && compact({ ...pagination }) });
    return compact({ items: itemsConfig, parts, categories, guid, enclosure });
  }),
);
