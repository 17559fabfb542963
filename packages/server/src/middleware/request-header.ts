import type { Context } from 'hono';

/** What @hono/node-server hands the app as bindings: the Node request it already parsed. */
interface NodeBindings {
  readonly incoming?: { readonly headers?: Readonly<Record<string, string | string[] | undefined>> };
}

/**
 * A request header (`name` in lower case). Asking Hono (`context.req.header`) makes
 * @hono/node-server build a web `Headers` object from every raw header of the request, a few per
 * cent of a cached feed's time. Node has already parsed the headers: when it saw no such header,
 * neither would `Headers`, and the answer is known without building one. A header that is present
 * is still read through Hono, so duplicate headers keep the web platform's joining rules.
 */
export function requestHeader(context: Context, name: string): string | undefined {
  const parsed = (context.env as NodeBindings | undefined)?.incoming?.headers;
  if (parsed !== undefined && parsed[name] === undefined) return undefined;
  return context.req.header(name);
}

/**
 * A list header (`name` in lower case: `accept`, `accept-encoding`, `if-none-match`: repeated lines
 * are one comma-separated list) from the request Node has already parsed, without the web
 * `Headers` object `requestHeader` makes Hono build for a header that is present. Node joins
 * repeated lines of such a header with `, ` and trims each value, as `Headers.get` does, so the
 * answer is the same; a feed read (cold or cached) then builds no `Headers` at all for the
 * `Accept-Encoding` every client sends. Not for the headers Node keeps only the first line of
 * (`if-modified-since`, `authorization`, ...): those go through `requestHeader`.
 */
export function listRequestHeader(context: Context, name: string): string | undefined {
  const parsed = (context.env as NodeBindings | undefined)?.incoming?.headers;
  if (parsed === undefined) return context.req.header(name);
  const value = parsed[name];
  return typeof value === 'string' || value === undefined ? value : value.join(', ');
}

/**
 * The same for a request outside Hono (the cached-read fast path): `request` and the bindings
 * `env` the app's `fetch` was called with. What Hono's `context.req.header(name)` would answer.
 */
export function headerOfRequest(request: Request, env: unknown, name: string): string | undefined {
  const parsed = (env as NodeBindings | undefined)?.incoming?.headers;
  if (parsed !== undefined && parsed[name] === undefined) return undefined;
  return request.headers.get(name) ?? undefined;
}

/**
 * A list header (repeated lines mean one list, joined with `, `), such as X-Forwarded-For or
 * Accept-Encoding, outside Hono (`listRequestHeader` inside it). Node joins repeated lines of such headers with `, ` as the web platform does, so its parsed
 * value is the answer even when the header is present: no web `Headers` object is built for a
 * header every proxied request carries.
 */
export function listHeaderOfRequest(request: Request, env: unknown, name: string): string | undefined {
  const parsed = (env as NodeBindings | undefined)?.incoming?.headers;
  if (parsed === undefined) return request.headers.get(name) ?? undefined;
  const value = parsed[name];
  return typeof value === 'string' || value === undefined ? value : value.join(', ');
}
