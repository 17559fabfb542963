import { toJsonSchema } from '@valibot/to-json-schema';
import type { Operation } from './operations.js';

/** The OpenAPI 3.1 document, generated from the operation list and its valibot schemas. */
const SECURITY_SCHEMES = {
  accessToken: { type: 'http', scheme: 'bearer', description: 'ACCESS_TOKEN or the token of an account in feeds.yml auth.accounts' },
  healthCheckToken: { type: 'http', scheme: 'bearer', description: 'HEALTH_CHECK_TOKEN' },
  metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (only when it is set)' },
} as const;

function schemaOf(schema: Parameters<typeof toJsonSchema>[0]): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'ignore' }) as Record<string, unknown>;
  return rest;
}

function operationObject(operation: Operation): Record<string, unknown> {
  const responses = Object.fromEntries(
    Object.entries(operation.responses).map(([status, response]) => {
      const headers = response.headers
        ? { headers: Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) }
        : {};
      const content = response.schema
        ? { content: { 'application/json': { schema: schemaOf(response.schema) } } }
        : response.mediaTypes
          ? { content: Object.fromEntries(response.mediaTypes.map((type) => [type, { schema: { type: 'string' } }])) }
          : {};
      return [status, { description: response.description, ...headers, ...content }];
    }),
  );
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [...operation.tags],
    ...(operation.security ? { security: [{ [operation.security]: [] }] } : {}),
    ...(operation.parameters
      ? { parameters: operation.parameters.map((parameter) => ({ ...parameter, required: parameter.in === 'path' ? true : (parameter.required ?? false), schema: { type: 'string' } })) }
      : {}),
    ...(operation.requestBody ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(operation.requestBody) } } } } : {}),
    responses,
  };
}

export function createOpenApiDocument(operations: readonly Operation[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'pagefeed', version, description: 'Turns web pages into RSS 2.0, Atom 1.0 and JSON Feed 1.1 documents.' },
    paths,
    components: { securitySchemes: SECURITY_SCHEMES },
  };
}
