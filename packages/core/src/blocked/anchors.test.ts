import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnchorScanner, requiredLiterals } from './anchors.js';
import { BODY_ANCHORS } from './signals.js';

describe('requiredLiterals', () => {
  it.each<[RegExp, string[]]>([
    [/captcha-delivery\.com/, ['captcha-delivery.com']],
    [/\bbm-verify\b|sec-if-cpt-container/, ['bm-verify', 'sec-if-cpt-container']],
    [/\b(?:cf_chl_captcha|jschl_vc)\b|id="cf-browser-verification"/, ['cf_chl_captcha', 'jschl_vc', 'id="cf-browser-verification"']],
    [/window\.gokuprops\s*=/, ['window.gokuprops']],
    [/making sure you(?:'|&#39;|’)re not a bot/, ['making sure you']],
    [/\/cdn-cgi\/challenge-platform\/h\/[a-z]\/orchestrate\//, ['/cdn-cgi/challenge-platform/h/']],
    [/optional-s?tail|repeated-x+yz/, ['optional-', 'repeated-x']],
  ])('%s → %j', (pattern, expected) => {
    expect(requiredLiterals(pattern)).toEqual(expected);
  });

  it('refuses an alternative with nothing specific to look for', () => {
    expect(() => requiredLiterals(/specific-token|[a-z]+ab/)).toThrow(/no literal text/);
  });
});

describe('createAnchorScanner', () => {
  const scan = createAnchorScanner(['captcha-delivery.com', 'window.gokuprops']);

  it('finds an anchor in any case, only inside the given range', () => {
    const text = `${'x'.repeat(100)}<script src="https://ct.CAPTCHA-Delivery.com/c.js"></script>${'y'.repeat(100)}`;
    expect(scan(text, 0, text.length)).toBe(true);
    expect(scan(text, 0, 100)).toBe(false);
    expect(scan(text, 150, text.length)).toBe(false);
    expect(scan('window.gokuProps = {}', 0, 21)).toBe(true);
  });

  it('finds nothing in text without anchors, including near misses and non-ASCII text', () => {
    const text = 'captcha delivery.com, window gokuprops, captcha-delivery.co, ÄÖÜ window.gokupröps';
    expect(scan(text, 0, text.length)).toBe(false);
  });

  it('says yes whenever a body anchor occurs, wherever it is (property)', () => {
    const scanBody = createAnchorScanner(BODY_ANCHORS);
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...BODY_ANCHORS), fc.string(), fc.boolean(), (before, anchor, after, upper) => {
        const text = `${before}${upper ? anchor.toUpperCase() : anchor}${after}`;
        expect(scanBody(text, 0, text.length)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with the anchors themselves on random text (property)', () => {
    const scanBody = createAnchorScanner(BODY_ANCHORS);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'acghijklnoprstuvwy_-."= /'.split('')), maxLength: 400 }), (text) => {
        const lower = text.toLowerCase();
        expect(scanBody(text, 0, text.length)).toBe(BODY_ANCHORS.some((anchor) => lower.includes(anchor)));
      }),
      { numRuns: 500 },
    );
  });
});
