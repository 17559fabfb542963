/**
 * One error root for the whole engine. `code` is stable and machine-readable; the server maps it to
 * an HTTP status in one table, the CLI prints it with `--json-errors`.
 */
export const FEED_ERROR_CODES = [
  'ConfigurationInvalid',
  'UnsupportedStrategy',
  'UnsupportedResponseContentType',
  'NoScrapersFound',
  'BlockedSurface',
  'RendererConnectionFailed',
  'FetchFailed',
  'FetchTimeout',
  'ExtractionTimeout',
  'UpstreamHttpError',
  'TooManyRedirects',
  'ResponseTooLarge',
  'NetworkAddressRefused',
  'ParameterInvalid',
  'AutoSourceUnavailable',
  'FeedNotFound',
  'InputInvalid',
  'ExtractionTimeout',
] as const;

export type FeedErrorCode = (typeof FEED_ERROR_CODES)[number];

/** Failure classes of automatic extraction, as in the service reference. */
export type FailureClass = 'blocked_surface' | 'app_shell' | 'unsupported_surface';

export const FAILURE_HINTS: Readonly<Record<FailureClass, string>> = {
  blocked_surface:
    "retry with strategy 'renderer'; try a more specific public listing URL",
  app_shell: "retry with strategy 'renderer'; target a direct listing or update page",
  unsupported_surface:
    'use listing, changelog or category URLs, or give explicit selectors in the configuration',
};

export interface FeedErrorOptions {
  /** Where in the configuration the problem is, e.g. `feeds.news.selectors.title.extractor`. */
  readonly path?: string;
  readonly hint?: string;
  readonly class?: FailureClass;
  readonly cause?: unknown;
  /** Extra machine-readable facts (status code received, content type, limits). */
  readonly details?: Readonly<Record<string, unknown>>;
}

export class FeedError extends Error {
  override readonly name = 'FeedError';
  readonly code: FeedErrorCode;
  readonly path: string | undefined;
  readonly hint: string | undefined;
  readonly class: FailureClass | undefined;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: FeedErrorCode, message: string, options: FeedErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.path = options.path;
    this.class = options.class;
    this.hint = options.hint ?? (options.class ? FAILURE_HINTS[options.class] : undefined);
    this.details = options.details;
  }

  /** The JSON body shape shared by the CLI (`--json-errors`) and the HTTP API. */
  toJSON(): { code: FeedErrorCode; message: string; path?: string; hint?: string; class?: FailureClass } {
    return {
      code: this.code,
      message: this.message,
      ...(this.path === undefined ? {} : { path: this.path }),
      ...(this.hint === undefined ? {} : { hint: this.hint }),
      ...(this.class === undefined ? {} : { class: this.class }),
    };
  }
}

export function isFeedError(value: unknown): value is FeedError {
  return value instanceof FeedError;
}

export const BLOCKED_SURFACE_LIKELY = 'Blocked surface likely';

/** "No scrapers found" with its class and the reference's hint. */
export function noScrapersFound(failureClass: FailureClass, reason?: string): FeedError {
  // The reference names the blocked class "Blocked surface likely": the message says it too.
  const classed = failureClass === 'blocked_surface' && !reason?.startsWith(BLOCKED_SURFACE_LIKELY) ? `${BLOCKED_SURFACE_LIKELY}${reason ? `: ${reason}` : ''}` : reason;
  const message = classed ? `No scrapers found: ${classed}` : 'No scrapers found';
  return new FeedError('NoScrapersFound', message, { class: failureClass });
}
