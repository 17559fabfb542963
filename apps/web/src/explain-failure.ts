import type { ApiFailure, FailureClass, Strategy } from './api-types.js';

/** A next step the page offers as a button (or, for docs, a link). */
export type NextStep = 'retry-renderer' | 'listing-url' | 'selectors-docs' | 'fix-token' | 'fix-url' | 'retry';

export interface Explanation {
  /** One sentence a non-developer understands. */
  readonly title: string;
  readonly details: string;
  /** The server's own hint, when it sent one. */
  readonly hint?: string;
  readonly steps: readonly NextStep[];
  /** Code, class and request id, for a report to the operator. */
  readonly reference: string;
}

export const STEP_LABELS: Readonly<Record<NextStep, string>> = {
  'retry-renderer': 'Retry with the renderer',
  'listing-url': 'Try a listing page instead',
  'selectors-docs': 'Write selectors yourself',
  'fix-token': 'Check the access token',
  'fix-url': 'Check the page address',
  retry: 'Try again',
};

const CLASS_WORDS: Readonly<Record<FailureClass, { title: string; details: string; steps: readonly NextStep[] }>> = {
  blocked_surface: {
    title: 'The site showed a "checking your browser" page instead of its content.',
    details:
      'The site protects itself against automated visitors, so pagefeed saw a challenge page and no articles. A real browser (the renderer) sometimes gets through, and a more specific public listing page is often not protected.',
    steps: ['retry-renderer', 'listing-url'],
  },
  app_shell: {
    title: 'This page builds its content with JavaScript, so the plain download was nearly empty.',
    details:
      'The page is an app shell: its articles only appear after its scripts run. The renderer opens it in a real browser first. A direct listing or updates page may also work without it.',
    steps: ['retry-renderer', 'listing-url'],
  },
  unsupported_surface: {
    title: 'pagefeed could not find a list of articles on this page.',
    details:
      'Automatic extraction works best on pages that list many entries: a newsroom, blog, category, archive or changelog page. Home pages and search results often fail. You can also tell pagefeed exactly where the items are with selectors.',
    steps: ['listing-url', 'selectors-docs'],
  },
};

function reference(failure: ApiFailure): string {
  const parts = [failure.code, failure.class, failure.status ? `HTTP ${failure.status}` : undefined];
  if (failure.requestId) parts.push(`request ${failure.requestId}`);
  return parts.filter(Boolean).join(' · ');
}

function withHint(failure: ApiFailure): { hint?: string } {
  return failure.hint === undefined ? {} : { hint: failure.hint };
}

/**
 * Turns an API failure into words and next steps. `strategy` is the one that was used;
 * `rendererAvailable` says whether this server's renderer answers (`GET /api/v1` lists it): the
 * renderer is offered only then.
 */
export function explainFailure(failure: ApiFailure, strategy: Strategy, rendererAvailable = true): Explanation {
  const common = { ...withHint(failure), reference: reference(failure) };
  const dropRenderer = (steps: readonly NextStep[]) =>
    strategy === 'renderer' || !rendererAvailable ? steps.filter((step) => step !== 'retry-renderer') : steps;

  if (failure.code === 'RendererConnectionFailed') {
    // The renderer is part of this server: its failure is the operator's to fix, not the site's.
    return {
      ...common,
      title: "This server's renderer is not working.",
      details: `${failure.message} This is a setup problem of this pagefeed server, not of the site you asked for. Reading the page without the renderer (Plain) may still work; tell the operator of this server so they can fix the renderer.`,
      steps: ['retry'],
    };
  }

  if (failure.class) {
    const words = CLASS_WORDS[failure.class];
    return { ...common, title: words.title, details: `${words.details} (${failure.message})`, steps: dropRenderer(words.steps) };
  }
  switch (failure.status) {
    case 0:
      return { ...common, title: 'The pagefeed server did not answer.', details: `${failure.message} Check your connection and try again.`, steps: ['retry'] };
    case 400:
      return { ...common, title: 'The request was not accepted.', details: failure.message, steps: ['fix-url'] };
    case 401:
      return {
        ...common,
        title: 'The access token was not accepted.',
        details: `${failure.message} Check that you typed the token exactly as the operator of this server gave it to you.`,
        steps: ['fix-token'],
      };
    case 403:
      return {
        ...common,
        title: 'This server does not allow that.',
        details: `${failure.message} Feed creation may be switched off, or your token may only be allowed certain sites. Ask the operator of this server.`,
        steps: ['fix-url'],
      };
    case 413:
      return { ...common, title: 'The page is too large for this server.', details: failure.message, steps: ['listing-url'] };
    case 429:
      return {
        ...common,
        title: 'Too many requests in a short time.',
        details: `${failure.message} ${failure.retryAfterSeconds ? `Wait ${failure.retryAfterSeconds} seconds, then try again.` : 'Wait a moment, then try again.'}`,
        steps: ['retry'],
      };
    case 502:
    case 504:
      return {
        ...common,
        title: 'pagefeed could not load the page.',
        details: `${failure.message} The site may be down, slow, or refusing automated visitors.`,
        steps: dropRenderer(['retry', 'retry-renderer']),
      };
    case 422:
      return { ...common, title: 'pagefeed could not make a feed from this page.', details: failure.message, steps: dropRenderer(['retry-renderer', 'listing-url', 'selectors-docs']) };
    default:
      return {
        ...common,
        title: 'Something went wrong on the server.',
        details: `${failure.message} If it keeps happening, send the reference below to the operator of this server.`,
        steps: ['retry'],
      };
  }
}
