import { scrubFeedTokens } from './scrub.js';

/**
 * Error tracking behind one small interface. `@sentry/node` is imported only when a DSN is set,
 * so a server without `ERROR_TRACKING_DSN` never loads it.
 */
/** An event that is not an exception: grouped by `fingerprint`, searchable by `tags`. */
export interface TrackedEvent {
  readonly message: string;
  readonly level: 'error' | 'warning';
  readonly fingerprint: readonly string[];
  readonly tags: Readonly<Record<string, string>>;
}

export interface ErrorTracker {
  capture(error: unknown, context?: Record<string, unknown>): void;
  /** A feed failure for the operator (`feed-failures.ts`). */
  report(event: TrackedEvent): void;
  /** One performance span around `task`. */
  span<T>(name: string, attributes: Record<string, string>, task: () => Promise<T>): Promise<T>;
  flush(timeoutMs?: number): Promise<void>;
}

export const noErrorTracker: ErrorTracker = {
  capture: () => undefined,
  report: () => undefined,
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
    report(event) {
      Sentry.withScope((scope) => {
        scope.setLevel(event.level);
        scope.setFingerprint([...event.fingerprint]);
        scope.setTags(event.tags);
        Sentry.captureMessage(event.message, event.level);
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
