import { parseUrlPattern, urlMatchesAny, type AccountConfig, type UrlPattern } from '@pagefeed/core';
import { constantTimeEqual } from './constant-time.js';

/**
 * API accounts: `ACCESS_TOKEN` is the admin account allowed every URL; `auth.accounts` of
 * feeds.yml add accounts limited to `allowed_urls` patterns, parsed as URLs (see core's
 * `parseUrlPattern`: scheme, host, port exact, `*.` whole labels, path glob with `*` and `**`).
 */
export interface Account {
  readonly username: string;
  readonly allowedUrls: readonly string[];
}

export const ADMIN_USERNAME = 'admin';

interface StoredAccount extends Account {
  readonly token: string;
  readonly patterns: readonly UrlPattern[];
}

export interface Accounts {
  /** The account whose token equals `token` (every account compared, in constant time). */
  authenticate(token: string): Account | undefined;
  byUsername(username: string): Account | undefined;
  allows(account: Account, url: string): boolean;
  readonly size: number;
}

/** Compiled patterns by their text: accounts are few, their patterns compiled once. */
const compiled = new Map<string, UrlPattern>();

function compile(pattern: string): UrlPattern {
  let found = compiled.get(pattern);
  if (found === undefined) {
    found = parseUrlPattern(pattern);
    compiled.set(pattern, found);
  }
  return found;
}

/** Whether `url` matches one of `patterns` (each already checked when feeds.yml was loaded). */
export function urlAllowed(patterns: readonly string[], url: string): boolean {
  return urlMatchesAny(patterns.map(compile), url);
}

export function createAccounts(configured: readonly AccountConfig[], accessToken?: string): Accounts {
  const stored: StoredAccount[] = configured.map((account) => ({
    username: account.username,
    token: account.token,
    allowedUrls: account.allowed_urls,
    patterns: account.allowed_urls.map(compile),
  }));
  if (accessToken) stored.unshift({ username: ADMIN_USERNAME, token: accessToken, allowedUrls: ['*'], patterns: [compile('*')] });
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
