import type { Accounts } from '../auth/accounts.js';
import type { ErrorTracker } from '../operating/error-tracking.js';
import type { Logger } from '../operating/logger.js';
import type { Metrics } from '../operating/metrics.js';
import type { FeedService } from '../serving/feed-service.js';
import type { AppDeps } from '../types.js';

/** What route factories share, built once by `createApp`. */
export interface RouteContext {
  readonly deps: AppDeps;
  readonly accounts: Accounts;
  readonly feedService: FeedService;
  readonly clock: () => Date;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly errorTracker: ErrorTracker;
  readonly startedAt: Date;
  /** `settings.publicUrl` as an origin, checked once when the app is made; undefined: the request's. */
  readonly publicOrigin: string | undefined;
}

export const API_PREFIX = '/api/v1';

/** Origin of absolute links in responses: `PUBLIC_URL` when set, else the one the client used. */
export function originOf(route: RouteContext, request: Request): string {
  return route.publicOrigin ?? new URL(request.url).origin;
}
