import { FeedError, type FailureClass, type FeedErrorCode } from '@pagefeed/core';

/**
 * The one table from error code to HTTP status (DESIGN §6).
 * - `NetworkAddressRefused` is 403: the request was understood but the target is forbidden by
 *   policy (private/loopback addresses), not malformed.
 * - `UnsupportedResponseContentType` is 422: the upstream answered fine, but with content the
 *   service cannot turn into a feed — an extraction failure, like "No scrapers found".
 * - `AutoSourceUnavailable` is 403, like `AUTO_SOURCE_ENABLED=false` on POST.
 * - `ExtractionTimeout` is 504, like `FetchTimeout`: the answer did not come in time.
 */
export const FEED_ERROR_STATUS: Readonly<Record<FeedErrorCode, number>> = {
  ConfigurationInvalid: 400,
  InputInvalid: 400,
  ParameterInvalid: 400,
  UnsupportedStrategy: 400,
  NetworkAddressRefused: 403,
  AutoSourceUnavailable: 403,
  FeedNotFound: 404,
  NoScrapersFound: 422,
  BlockedSurface: 422,
  UnsupportedResponseContentType: 422,
  // The page arrived but is too heavy to extract within the budget: an extraction failure.
  UpstreamHttpError: 502,
  FetchFailed: 502,
  RendererConnectionFailed: 502,
  TooManyRedirects: 502,
  ResponseTooLarge: 502,
  FetchTimeout: 504,
  ExtractionTimeout: 504,
};

/** Codes the API itself uses besides the engine's. */
export type ApiErrorCode = FeedErrorCode | 'Unauthorized' | 'Forbidden' | 'PayloadTooLarge' | 'RateLimited' | 'NotFound' | 'InternalError';

const API_STATUS: Readonly<Record<Exclude<ApiErrorCode, FeedErrorCode>, number>> = {
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  PayloadTooLarge: 413,
  RateLimited: 429,
  InternalError: 500,
};

export function statusOf(code: ApiErrorCode): number {
  return code in FEED_ERROR_STATUS ? FEED_ERROR_STATUS[code as FeedErrorCode] : API_STATUS[code as keyof typeof API_STATUS];
}

/** An error the API answers on purpose (auth, limits); thrown from handlers and middleware. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: Exclude<ApiErrorCode, FeedErrorCode>,
    message: string,
    readonly hint?: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export interface ErrorBody {
  error: { code: ApiErrorCode; message: string; hint?: string; class?: FailureClass; path?: string; request_id: string };
}

export interface ErrorResponse {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;
  /** True when the error was not expected: the body hides details, the log gets them. */
  readonly unexpected: boolean;
}

export function toErrorResponse(error: unknown, requestId: string): ErrorResponse {
  if (error instanceof FeedError) {
    return { status: statusOf(error.code), body: { error: { ...error.toJSON(), request_id: requestId } }, headers: {}, unexpected: false };
  }
  if (error instanceof ApiError) {
    const hint = error.hint === undefined ? {} : { hint: error.hint };
    return {
      status: statusOf(error.code),
      body: { error: { code: error.code, message: error.message, ...hint, request_id: requestId } },
      headers: error.headers,
      unexpected: false,
    };
  }
  return {
    status: 500,
    body: {
      error: {
        code: 'InternalError',
        message: 'Unexpected server failure. The details are in the server log under this request id.',
        request_id: requestId,
      },
    },
    headers: {},
    unexpected: true,
  };
}
