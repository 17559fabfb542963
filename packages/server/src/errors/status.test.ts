import { FEED_ERROR_CODES, FeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { ApiError, FEED_ERROR_STATUS, toErrorResponse } from './status.js';

describe('error status table', () => {
  it('maps every FeedError code to a status', () => {
    for (const code of FEED_ERROR_CODES) expect(FEED_ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
  });

  it.each([
    ['InputInvalid', 400],
    ['UnsupportedStrategy', 400],
    ['NoScrapersFound', 422],
    ['UnsupportedResponseContentType', 422],
    ['RendererConnectionFailed', 502],
    ['FetchTimeout', 504],
    ['ExtractionTimeout', 422],
    ['FeedNotFound', 404],
  ] as const)('%s → %i with the shared body shape', (code, status) => {
    const response = toErrorResponse(new FeedError(code, 'what happened', { hint: 'how to fix' }), 'req-1');
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: { code, message: 'what happened', hint: 'how to fix', request_id: 'req-1' } });
  });

  it('answers API errors with their headers', () => {
    const response = toErrorResponse(new ApiError('RateLimited', 'slow down', undefined, { 'Retry-After': '3' }), 'r');
    expect(response.status).toBe(429);
    expect(response.headers).toEqual({ 'Retry-After': '3' });
  });

  it('hides unexpected errors', () => {
    const response = toErrorResponse(new Error('database password is hunter2'), 'req-9');
    expect(response.status).toBe(500);
    expect(response.unexpected).toBe(true);
    expect(JSON.stringify(response.body)).not.toContain('hunter2');
    expect(response.body.error.request_id).toBe('req-9');
  });
});
