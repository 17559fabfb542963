import { FEED_ERROR_CODES, isFeedError, loadFeedConfig, loadFeedsFile } from '@pagefeed/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileText } from '../support/arbitraries.js';

/**
 * feeds.yml and single config files as hostile text: alias bombs, prototype keys, custom tags,
 * and random YAML-shaped text load into a config or fail with a FeedError with a code.
 */
const NUM_RUNS = Number(process.env['PAGEFEED_PROPERTY_RUNS'] ?? 150);
const KNOWN_CODES = new Set<string>(FEED_ERROR_CODES);

function outcome(load: () => unknown): string {
  try {
    load();
    return 'loaded';
  } catch (error) {
    if (isFeedError(error) && KNOWN_CODES.has(error.code)) return error.code;
    throw error;
  }
}

const BILLION_LAUGHS = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
  'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
  'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
  'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
  'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
  'h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]',
  'feeds:',
  '  bomb:',
  '    channel: { url: "https://example.com/", title: *h }',
  '    auto_source: true',
].join('\n');

const YAML_FRAGMENTS = [
  'feeds:', '  news:', '    channel:', '      url: https://example.com/', '      title: ', '    selectors:', '      items: { selector: article }',
  '    auto_source:', '&anchor ', '*anchor', '<<: *anchor', '!!js/function "() => 1"', '!!binary aGk=', '!!python/object:os.system', '? complex key',
  '__proto__:', '  polluted: true', 'constructor:', '  prototype:', '    polluted: true', '- item', '---', '...', '%YAML 1.2', '"\\u0000"', "'", '"', '\t', '{', '[', ':',
  'auth:', '  accounts:', '    - username: a', '      token: ${SECRET}', '      allowed_urls: ["*"]', '${HOME}', '${UNSET_VARIABLE:-default}',
];

const yamlText = fc.oneof(
  fc.array(fc.oneof(fc.constantFrom(...YAML_FRAGMENTS), hostileText), { maxLength: 12 }).map((lines) => lines.join('\n')),
  hostileText,
);

describe('feeds.yml and config files as hostile text', () => {
  it('an alias bomb ("billion laughs") is refused with ConfigurationInvalid, not expanded', () => {
    expect(outcome(() => loadFeedsFile(BILLION_LAUGHS, { source: 'bomb.yml' }))).toBe('ConfigurationInvalid');
  });

  it('__proto__ and constructor keys do not pollute prototypes', () => {
    const text = 'feeds:\n  __proto__:\n    polluted: true\n  news:\n    channel: { url: "https://example.com/" }\n    auto_source: true\n    __proto__: { polluted: true }\nconstructor:\n  prototype:\n    polluted: true\n';
    outcome(() => loadFeedsFile(text, { source: 'proto.yml' }));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('random YAML-shaped text loads or fails with a coded FeedError', () => {
    fc.assert(
      fc.property(yamlText, (text) => {
        outcome(() => loadFeedsFile(text, { source: 'random.yml', env: { SECRET: 'secret-value' } }));
        outcome(() => loadFeedConfig(text, { source: 'random.yml', env: { SECRET: 'secret-value' } }));
      }),
      { numRuns: NUM_RUNS * 2 },
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
