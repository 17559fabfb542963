import type { AccountConfig } from '@pagefeed/core';
import { constantTimeEqual } from './constant-time.js';

/**
 * API accounts: `ACCESS_TOKEN` is the admin account allowed every URL; `auth.accounts` of
 * feeds.yml add accounts limited to `allowed_urls` patterns (exact URL, or `*` wildcards).
 */
export interface Account {
  readonly username: string;
  readonly allowedUrls: readonly string[];
}

export const ADMIN_USERNAME = 'admin';

interface StoredAccount extends Account {
  readonly token: string;
}

export interface Accounts {
  /** The account whose token equals `token` (every account compared, in constant time). */
  authenticate(token: string): Account | undefined;
  byUsername(username: string): Account | undefined;
  allows(account: Account, url: string): boolean;
  readonly size: number;
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}

export function urlAllowed(patterns: readonly string[], url: string): boolean {
  return patterns.some((pattern) => (pattern.includes('*') ? patternToRegExp(pattern).test(url) : pattern === url));
}

export function createAccounts(configured: readonly AccountConfig[], accessToken?: string): Accounts {
  const stored: StoredAccount[] = configured.map((account) => ({
    username: account.username,
    token: account.token,
    allowedUrls: account.allowed_urls,
  }));
  if (accessToken) stored.unshift({ username: ADMIN_USERNAME, token: accessToken, allowedUrls: ['*'] });
  return {
    authenticate(token) {
      let found: StoredAccount | undefined;
      // No early exit: every comparison runs so timing does not reveal which account matched.
      for (const account of stored) {
        if (constantTimeEqual(token, account.token) && !found) found = account;
      }
      return found ? { username: found.username, allowedUrls: found.allowedUrls } : undefined;
    },
    byUsername(username) {
      const account = stored.find((candidate) => candidate.username === username);
      return account ? { username: account.username, allowedUrls: account.allowedUrls } : undefined;
    },
    allows: (account, url) => urlAllowed(account.allowedUrls, url),
    size: stored.length,
  };
}
