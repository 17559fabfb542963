import { describe, expect, it } from 'vitest';
import { hasTokenSignature, scrubFeedTokens, scrubFeedTokensInText } from './scrub.js';

const TOKEN = `${'a'.repeat(40)}.${'b'.repeat(43)}`;

describe('feed tokens in text', () => {
  it('are masked wherever they are, and text without one is returned as it is', () => {
    expect(scrubFeedTokensInText(`{"route":"/api/v1/feeds/${TOKEN}.rss"}`)).toBe('{"route":"/api/v1/feeds/[feed-token].rss"}');
    expect(scrubFeedTokensInText(`${TOKEN} and ${TOKEN}`)).toBe('[feed-token] and [feed-token]');
    const line = '{"level":"info","time":"2026-11-26T12:00:00.005Z","message":"request","client":"192.0.2.1"}';
    expect(scrubFeedTokensInText(line)).toBe(line);
    expect(scrubFeedTokens({ url: `/api/v1/feeds/${TOKEN}.json`, list: [TOKEN] })).toEqual({ url: '/api/v1/feeds/[feed-token].json', list: ['[feed-token]'] });
  });

  it('are looked for by hand exactly where the signature pattern finds a dot and 43 token characters', () => {
    const signature = /\.[A-Za-z0-9_-]{43}/;
    const samples = [
      '',
      '.',
      `.${'b'.repeat(42)}`,
      `.${'b'.repeat(43)}`,
      `x.${'b'.repeat(42)}"`,
      `1.2.3.${'c'.repeat(43)}`,
      `..${'-'.repeat(43)}`,
      `.${'b'.repeat(20)}.${'b'.repeat(43)}`,
      `.${'b'.repeat(21)}é${'b'.repeat(21)}`,
      '2026-11-26T12:00:00.005Z 192.0.2.1',
      TOKEN,
    ];
    // And random texts over a small alphabet with dots, token characters and others.
    const alphabet = '..ab_-9Z"é/ ';
    let seed = 19;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let index = 0; index < 2000; index += 1) {
      const length = Math.floor(random() * 120);
      let text = '';
      for (let at = 0; at < length; at += 1) text += random() < 0.9 ? 'b' : alphabet[Math.floor(random() * alphabet.length)];
      samples.push(text);
    }
    let found = 0;
    for (const text of samples) {
      expect(hasTokenSignature(text), text).toBe(signature.test(text));
      if (signature.test(text)) found += 1;
    }
    // Both answers occur among the samples.
    expect(found).toBeGreaterThan(10);
    expect(found).toBeLessThan(samples.length - 10);
  });
});
