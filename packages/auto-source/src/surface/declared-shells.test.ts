import { describe, expect, it } from 'vitest';
import { classOf } from '../test-support/helpers.js';

const scripts = (count: number) => Array.from({ length: count }, (_, index) => `<script src="/static/bundle-${index}.js"></script>`).join('');
// A page whose scripts draw everything: an empty mount point and its bundles.
const shell = (head: string) => `<html><head><title>How do I sign the release build?</title>${head}${scripts(6)}</head><body><div id="app"></div></body></html>`;
const QUESTION = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"QAPage","mainEntity":{"@type":"Question","name":"How do I sign the release build?"}}</script>';

describe('a shell that declares one item is that item\'s page (seventeenth session)', () => {
  it('calls a script-drawn page that declares one question, video or book a single page, not an app shell', async () => {
    expect(await classOf(shell(QUESTION))).toBe('unsupported_surface');
    expect(await classOf(shell('<meta property="og:type" content="video.other">'))).toBe('unsupported_surface');
    expect(await classOf(shell('<meta property="og:type" content="books.book">'))).toBe('unsupported_surface');
  });

  it('still calls a shell an app shell when it declares nothing, a web site or a collection; `declaredShells: false` leaves every shell one', async () => {
    expect(await classOf(shell(''))).toBe('app_shell');
    expect(await classOf(shell('<meta property="og:type" content="website">'))).toBe('app_shell');
    expect(await classOf(shell('<script type="application/ld+json">{"@type":"CollectionPage","mainEntity":{"@type":"Product","name":"A"}}</script>'))).toBe('app_shell');
    expect(await classOf(shell(QUESTION), { declaredShells: false })).toBe('app_shell');
  });
});
