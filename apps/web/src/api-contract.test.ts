import { createOpenApiDocument, OPERATIONS } from '@pagefeed/server';
import { describe, expect, it } from 'vitest';

/**
 * The server exports no Hono `AppType` (its routes are registered by functions, which Hono's client
 * cannot infer), so `api-types.ts` mirrors the answers by hand. This test holds the mirror to the
 * server's OpenAPI document, which the server generates from the same schemas it validates with:
 * every field the page reads must be in the server's answer.
 */
interface JsonSchema {
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly items?: JsonSchema;
}

interface OpenApi {
  readonly paths: Readonly<Record<string, Readonly<Record<string, { responses: Readonly<Record<string, { content?: Record<string, { schema: JsonSchema }> }>> }>>>>;
}

const document = createOpenApiDocument(OPERATIONS, 'test') as unknown as OpenApi;

function responseSchema(method: string, path: string, status: string): JsonSchema {
  const schema = document.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`The OpenAPI document has no JSON ${status} answer for ${method.toUpperCase()} ${path}.`);
  return schema;
}

/** `a.b[].c` → whether the schema declares it (`[]` steps into array items). */
function declares(schema: JsonSchema, path: string): boolean {
  let current: JsonSchema | undefined = schema;
  for (const segment of path.split('.')) {
    const array = segment.endsWith('[]');
    current = current?.properties?.[array ? segment.slice(0, -2) : segment];
    if (array) current = current?.items;
  }
  return current !== undefined;
}

const READ_BY_THE_PAGE: readonly { method: string; path: string; status: string; fields: readonly string[] }[] = [
  { method: 'get', path: '/api/v1', status: '200', fields: ['feed_creation', 'version', 'formats'] },
  { method: 'get', path: '/api/v1/feeds', status: '200', fields: ['feeds[].name', 'feeds[].title', 'feeds[].links.rss', 'feeds[].links.atom', 'feeds[].links.json'] },
  {
    method: 'post',
    path: '/api/v1/preview',
    status: '200',
    fields: ['items[].title', 'items[].url', 'items[].description', 'items[].published_at', 'warnings[].message', 'diagnostics', 'capture'],
  },
  {
    method: 'post',
    path: '/api/v1/feeds',
    status: '201',
    fields: ['feed.url', 'feed.strategy', 'feed.title', 'feed.created_at', 'feed.links.rss', 'feed.links.atom', 'feed.links.json', 'preview.items[].title', 'warnings[].message'],
  },
  {
    method: 'post',
    path: '/api/v1/snapshot',
    status: '200',
    fields: ['url', 'final_url', 'strategy', 'title', 'html', 'styles', 'images', 'removed', 'candidates[].items', 'candidates[].score', 'candidates[].item_count', 'auto_failure'],
  },
  { method: 'post', path: '/api/v1/article', status: '200', fields: ['url', 'title', 'text', 'length'] },
  { method: 'post', path: '/api/v1/preview', status: '422', fields: ['error.code', 'error.message', 'error.hint', 'error.class', 'error.path', 'error.request_id'] },
  { method: 'post', path: '/api/v1/feeds', status: '401', fields: ['error.code', 'error.message', 'error.hint', 'error.request_id'] },
];

describe('the answers the page reads, against the server OpenAPI document', () => {
  for (const { method, path, status, fields } of READ_BY_THE_PAGE) {
    it(`${method.toUpperCase()} ${path} ${status} declares ${fields.length} fields`, () => {
      const schema = responseSchema(method, path, status);
      expect(fields.filter((field) => !declares(schema, field))).toEqual([]);
    });
  }
});
