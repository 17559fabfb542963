import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import { feedConfigSchema } from './schema.js';
import { feedsFileSchema } from './schema-feeds-file.js';

/**
 * JSON Schema (draft-07) of the input shape, for editor autocompletion. Transformations are cut
 * (`typeMode: 'input'`) and CSS checks are skipped: they only run in pagefeed itself.
 */
const conversion: ConversionConfig = { target: 'draft-07', typeMode: 'input', ignoreActions: ['check', 'raw_check'] };

export function feedConfigJsonSchema(): JsonSchema {
  return toJsonSchema(feedConfigSchema, conversion);
}

export function feedsFileJsonSchema(): JsonSchema {
  // The feed config is shared by every entry of feeds:, so it is one definition referenced by $ref.
  return toJsonSchema(feedsFileSchema, { ...conversion, definitions: { FeedConfig: feedConfigSchema } });
}
