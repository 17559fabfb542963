import * as v from 'valibot';
import type { AccountConfig } from '../contracts/config.js';
import { parseUrlPattern, UrlPatternError } from './url-pattern.js';
import { closedObject, expected, nonEmptyText } from './schema-fields.js';
import { CHANNEL_ENTRIES, FEED_CONFIG_ENTRIES, feedConfigSchema } from './schema.js';

/** A pattern that cannot be parsed fails when the file is loaded, at its path. */
function checkUrlPattern({ dataset, addIssue }: v.RawCheckContext<string>): void {
  if (!dataset.typed) return;
  try {
    parseUrlPattern(dataset.value);
  } catch (error) {
    if (!(error instanceof UrlPatternError)) throw error;
    addIssue({ message: error.message });
  }
}

export const FEED_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

const accountSchema = v.pipe(
  closedObject({
    username: v.pipe(nonEmptyText(), v.description('Account name, shown in logs.')),
    token: v.pipe(nonEmptyText(), v.description('Bearer token of this account; use ${ENV_VAR} to keep it out of the file.')),
    allowed_urls: v.pipe(
      v.array(v.pipe(nonEmptyText('a URL pattern'), v.rawCheck(checkUrlPattern)), expected('a list of URL patterns')),
      v.description('URL patterns this account may create feeds for: scheme and host exact (or *.domain for its subdomains), port exact, path a glob where * stays in one segment and ** crosses /, e.g. https://example.com/news/* or https://*.example.com/** ; "*" allows every URL.'),
    ),
  }),
  v.description('An API account allowed to create and preview feeds.'),
);

export const authSchema = v.pipe(
  closedObject({
    accounts: v.optional(v.pipe(v.array(accountSchema, expected('a list of accounts')), v.description('API accounts: username, token, allowed_urls.'))),
  }),
  v.description('Who may use the API (in addition to ACCESS_TOKEN).'),
  v.transform((auth): readonly AccountConfig[] => auth.accounts ?? []),
);

/** Defaults may leave out what each feed gives itself, channel.url included. */
const defaultsEntries = {
  ...FEED_CONFIG_ENTRIES,
  channel: v.optional(
    v.pipe(
      closedObject({ ...CHANNEL_ENTRIES, url: v.optional(CHANNEL_ENTRIES.url) }),
      v.description('Channel defaults for every feed (e.g. ttl, time_zone, language).'),
    ),
  ),
};

/**
 * The whole feeds.yml, for the JSON Schema only: loading validates each merged feed with
 * `feedConfigSchema` so problems point at `feeds.<name>...`.
 */
export const feedsFileSchema = v.pipe(
  closedObject({
    feeds: v.optional(
      v.pipe(
        v.record(v.pipe(v.string(), v.regex(FEED_NAME_PATTERN)), feedConfigSchema),
        v.description('Predefined feeds by name (letters, digits, - and _). Each is a feed configuration.'),
      ),
    ),
    auth: v.optional(authSchema),
    ...Object.fromEntries(Object.entries(defaultsEntries).map(([key, schema]) => [key, v.optional(schema)])),
  }),
  v.title('pagefeed feeds.yml'),
  v.description('Predefined feeds. Every top-level key other than feeds and auth is a default merged into each feed.'),
);

export const DEFAULT_KEYS = Object.keys(FEED_CONFIG_ENTRIES);
