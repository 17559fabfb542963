import type { MiddlewareHandler } from 'hono';
import type { Accounts } from '../auth/accounts.js';
import { bearerToken } from '../auth/constant-time.js';
import { ApiError } from '../errors/status.js';
import type { AppEnv } from '../types.js';

/**
 * `Authorization: Bearer <access token>` → the account (401 without a valid one); then
 * `AUTO_SOURCE_ENABLED=false` → 403. Per-URL checks happen in the handler, once the URL is known.
 */
export function requireAccount(accounts: Accounts, autoSourceEnabled: boolean): MiddlewareHandler<AppEnv> {
  return async function requireAccountMiddleware(context, next) {
    const token = bearerToken(context.req.header('authorization'));
    const account = token === undefined ? undefined : accounts.authenticate(token);
    if (!account) {
      throw new ApiError(
        'Unauthorized',
        token === undefined ? 'Missing bearer token.' : 'The bearer token is not valid.',
        'send "Authorization: Bearer <ACCESS_TOKEN>" or the token of an account in feeds.yml auth.accounts',
        { 'WWW-Authenticate': 'Bearer realm="pagefeed"' },
      );
    }
    if (!autoSourceEnabled) {
      throw new ApiError('Forbidden', 'Feed creation is disabled on this instance (AUTO_SOURCE_ENABLED=false).', 'ask the operator to set AUTO_SOURCE_ENABLED=true');
    }
    context.set('account', account);
    return next();
  };
}
