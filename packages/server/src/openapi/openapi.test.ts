import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test-support/app-harness.js';

/** The document validates as OpenAPI 3.1 and lists exactly the routes the app answers. */
describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const { app } = createHarness();
    const document = (await (await app.request('/api/v1/openapi.json')).json()) as Record<string, unknown>;
    expect(document['openapi']).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route the app registers, and no other', async () => {
    const { app } = createHarness();
    const document = (await (await app.request('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const registered = [
      ...new Set(
        app.routes
          // `/api/v1/*` for POST is the body limit (middleware), not an operation.
          .filter((route) => (route.method === 'GET' || route.method === 'POST') && route.path !== '/api/v1/*')
          // Hono's `:id` is OpenAPI's `{id}`; the web UI's catch-all `/*` is `/{asset}`.
          .map((route) => `${route.method} ${route.path === '/*' ? '/{asset}' : route.path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, '{$1}')}`),
      ),
    ].sort();
    expect(documented).toEqual(registered);
  });

  it('documents request bodies from the same schemas that validate them', async () => {
    const { app } = createHarness();
    const document = (await (await app.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { enum?: string[]; maxLength?: number }> } }> } }>>;
    };
    const schema = document.paths['/api/v1/feeds']!['post']!.requestBody!.content['application/json']!.schema;
    expect(schema.properties['url']!.maxLength).toBe(2048);
    expect(schema.properties['strategy']!.enum).toEqual(['plain', 'renderer']);
  });

  it('documents the caching and rate-limit headers', async () => {
    const { app } = createHarness();
    const document = (await (await app.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    expect(Object.keys(document.paths['/api/v1/feeds/{id}']!['get']!.responses['200']!.headers ?? {})).toEqual(['ETag', 'Last-Modified', 'Cache-Control', 'X-Cache']);
    expect(Object.keys(document.paths['/api/v1/feeds']!['post']!.responses['429']!.headers ?? {})).toEqual(['Retry-After']);
  });
});
