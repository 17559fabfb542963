import { describe, expect, it } from 'vitest';
import { explainFailure } from './explain-failure.js';

const base = { code: 'NoScrapersFound', message: 'No scrapers found', requestId: 'r-1' };

describe('explainFailure', () => {
  it('offers the renderer and a listing page for an app shell, with the server hint', () => {
    const explanation = explainFailure({ ...base, status: 422, class: 'app_shell', hint: "retry with strategy 'renderer'" }, 'plain');
    expect(explanation.title).toMatch(/JavaScript/);
    expect(explanation.hint).toBe("retry with strategy 'renderer'");
    expect(explanation.steps).toEqual(['retry-renderer', 'listing-url']);
    expect(explanation.reference).toBe('NoScrapersFound · app_shell · HTTP 422 · request r-1');
  });

  it('does not offer the renderer again when it was already used', () => {
    const explanation = explainFailure({ ...base, status: 422, class: 'blocked_surface' }, 'renderer');
    expect(explanation.steps).toEqual(['listing-url']);
  });

  it('does not offer the renderer when this server has none that answers', () => {
    expect(explainFailure({ ...base, status: 422, class: 'app_shell' }, 'plain', false).steps).toEqual(['listing-url']);
    expect(explainFailure({ status: 502, code: 'FetchFailed', message: 'Fetching failed.' }, 'plain', false).steps).toEqual(['retry']);
  });

  it("words a renderer failure as this server's setup problem, not the site's", () => {
    const explanation = explainFailure(
      { status: 502, code: 'RendererConnectionFailed', message: 'Renderer connection failed (unreachable: connection refused)' },
      'renderer',
    );
    expect(explanation.title).toBe("This server's renderer is not working.");
    expect(explanation.details).toContain('setup problem of this pagefeed server, not of the site');
    expect(explanation.steps).toEqual(['retry']);
  });

  it('points to selectors for an unsupported surface', () => {
    expect(explainFailure({ ...base, status: 422, class: 'unsupported_surface' }, 'plain').steps).toEqual(['listing-url', 'selectors-docs']);
  });

  it('explains a rejected token and leads back to the token field', () => {
    const explanation = explainFailure({ status: 401, code: 'Unauthorized', message: 'Missing or invalid bearer token.' }, 'plain');
    expect(explanation.title).toBe('The access token was not accepted.');
    expect(explanation.details).toContain('Missing or invalid bearer token.');
    expect(explanation.steps).toEqual(['fix-token']);
  });

  it('says how long to wait after a rate limit', () => {
    const explanation = explainFailure({ status: 429, code: 'RateLimited', message: 'Too many requests.', retryAfterSeconds: 30 }, 'plain');
    expect(explanation.details).toContain('Wait 30 seconds');
  });

  it('says when the server was not reached', () => {
    expect(explainFailure({ status: 0, code: 'NetworkError', message: 'Failed to fetch.' }, 'plain').title).toBe('The pagefeed server did not answer.');
  });
});
