import { scrubFeedTokens } from './scrub.js';

/**
 * Error tracking behind one small interface. `@sentry/node` is imported only when a DSN is set,
 * so a server without `ERROR_TRACKING_DSN` never loads it.
 */
export interface ErrorTracker {
  capture(error: unknown, context?: Record<string, unknown>): void;
  /** One performance span around `task`. */
  span<T>(name: string, attributes: Record<string, string>, task: () => Promise<T>): Promise<T>;
  flush(timeoutMs?: number): Promise<void>;
}

export const noErrorTracker: ErrorTracker = {
  capture: () => undefined,
  span: (_name, _attributes, task) => task(),
  flush: async () => undefined,
};

export interface ErrorTrackingOptions {
  readonly dsn: string;
  readonly environment: string;
  readonly release: string;
}

export async function createSentryTracker(options: ErrorTrackingOptions): Promise<ErrorTracker> {
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    release: `pagefeed@${options.release}`,
    tracesSampleRate: 1,
    // The server reports its own errors from onError; default integrations that patch globals
    // (console, http) stay, but no PII is sent.
    sendDefaultPii: false,
    beforeSend: (event) => scrubFeedTokens(event),
    beforeSendTransaction: (event) => scrubFeedTokens(event),
  });
  return {
    capture(error, context = {}) {
      Sentry.withScope((scope) => {
        for (const [key, value] of Object.entries(context)) scope.setTag(key, String(value));
        Sentry.captureException(error);
      });
    },
    span(name, attributes, task) {
      return Sentry.startSpan({ name, op: 'feed.generate', attributes }, task);
    },
    async flush(timeoutMs = 2000) {
      await Sentry.flush(timeoutMs);
    },
  };
}
