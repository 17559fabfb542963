import type {
  ApiErrorBody,
  ArticleResponse,
  ApiFailure,
  ApiResult,
  CreateResponse,
  FeedRequest,
  InstanceInfo,
  PredefinedFeed,
  PreviewResponse,
  SnapshotResponse,
} from './api-types.js';

/**
 * Every call the page makes to `/api/v1`. The access token only ever travels in the
 * `Authorization` header, never in a URL.
 */
export interface ApiClient {
  info(): Promise<ApiResult<InstanceInfo>>;
  feeds(): Promise<ApiResult<readonly PredefinedFeed[]>>;
  preview(token: string, request: FeedRequest): Promise<ApiResult<PreviewResponse>>;
  create(token: string, request: FeedRequest): Promise<ApiResult<CreateResponse>>;
  /** The page as an inert snapshot for the picker. */
  snapshot(token: string, request: FeedRequest): Promise<ApiResult<SnapshotResponse>>;
  /** One page's readable article (the preview's "Full text"). */
  article(token: string, request: FeedRequest): Promise<ApiResult<ArticleResponse>>;
}

export interface ApiClientOptions {
  /** Origin (and optional prefix) of the server; the page's own origin by default. */
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  /** Give up waiting after this long, so the page never spins forever. Default 3 minutes (the renderer is slow). */
  readonly timeoutMs?: number;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 180_000;

  async function call<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await send(`${baseUrl}/api/v1${path}`, {
        ...init,
        headers: { accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { ok: false, failure: unreachable(error) };
    }
    const body = await readJson(response);
    if (response.ok) return { ok: true, data: body as T };
    return { ok: false, failure: toFailure(response, body) };
  }

  function post<T>(path: string, token: string, request: FeedRequest): Promise<ApiResult<T>> {
    return call<T>(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
  }

  return {
    info: () => call<InstanceInfo>(''),
    feeds: async () => {
      const result = await call<{ feeds?: readonly PredefinedFeed[] }>('/feeds');
      return result.ok ? { ok: true, data: result.data.feeds ?? [] } : result;
    },
    preview: (token, request) => post<PreviewResponse>('/preview', token, request),
    create: (token, request) => post<CreateResponse>('/feeds', token, request),
    snapshot: (token, request) => post<SnapshotResponse>('/snapshot', token, { url: request.url, strategy: request.strategy }),
    article: (token, request) => post<ArticleResponse>('/article', token, request),
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'message' in error;
}

export function toFailure(response: Response, body: unknown): ApiFailure {
  const retryAfter = Number(response.headers.get('retry-after'));
  const base = {
    status: response.status,
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
  if (!isErrorBody(body)) {
    return { ...base, code: `HTTP${response.status}`, message: `The server answered ${response.status} ${response.statusText}.` };
  }
  const { error } = body;
  return {
    ...base,
    code: error.code,
    message: error.message,
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    ...(error.class === undefined ? {} : { class: error.class }),
    ...(error.path === undefined ? {} : { path: error.path }),
    ...(error.request_id === undefined ? {} : { requestId: error.request_id }),
  };
}

function unreachable(error: unknown): ApiFailure {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return { status: 0, code: 'Timeout', message: 'The pagefeed server took too long to answer.' };
  }
  const reason = error instanceof Error ? error.message : String(error);
  return { status: 0, code: 'NetworkError', message: `The pagefeed server could not be reached (${reason}).` };
}
