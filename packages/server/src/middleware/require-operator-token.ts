import type { MiddlewareHandler } from 'hono';
import { bearerToken, constantTimeEqual } from '../auth/constant-time.js';
import { ApiError } from '../errors/status.js';
import type { AppEnv } from '../types.js';

/** A route guarded by one operator token (health, metrics): missing or wrong → 401. */
export function requireOperatorToken(expected: string | undefined, variable: string, optional: boolean): MiddlewareHandler<AppEnv> {
  return async function requireOperatorTokenMiddleware(context, next) {
    if (expected === undefined) {
      if (optional) return next();
      throw new ApiError('Forbidden', `This endpoint is disabled: ${variable} is not set.`, `set ${variable} and send it as a bearer token`);
    }
    const token = bearerToken(context.req.header('authorization'));
    if (token === undefined || !constantTimeEqual(token, expected)) {
      throw new ApiError('Unauthorized', token === undefined ? 'Missing bearer token.' : 'The bearer token is not valid.', `send "Authorization: Bearer <${variable}>"`, {
        'WWW-Authenticate': 'Bearer realm="pagefeed"',
      });
    }
    return next();
  };
}
