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
}

export const API_PREFIX = '/api/v1';

/** Origin the client used, for absolute links in responses. */
export function originOf(request: Request): string {
  return new URL(request.url).origin;
}
