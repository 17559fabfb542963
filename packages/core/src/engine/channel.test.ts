import { describe, expect, it } from 'vitest';
import type { FeedConfig } from '../contracts/config.js';
import { parseHtmlSource } from '../dom/parse.js';
import { buildChannel } from './channel.js';

const config = (channel: Partial<FeedConfig['channel']> = {}): FeedConfig =>
  ({ strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {}, channel: { url: 'https://example.com/news', ...channel } }) as FeedConfig;
const page = (html: string) => parseHtmlSource(html, 'https://example.com/news');

describe('buildChannel from the page head', () => {
  const html = `<!doctype html><html lang="de"><head>
    <title> Site  News </title>
    <meta property="og:site_name" content="Site">
    <meta property="og:description" content="From og">
    <meta name="description" content="From meta">
  </head><body><svg><title>icon</title></svg><meta name="description" content="late"></body></html>`;

  it('takes title, description and language from the page when the config has none', () => {
    expect(buildChannel(config(), page(html), undefined)).toMatchObject({ title: 'Site News', description: 'From meta', language: 'de' });
  });

  it('prefers the configuration', () => {
    expect(buildChannel(config({ title: 'Mine', description: 'D', language: 'en' }), page(html), undefined)).toMatchObject({ title: 'Mine', description: 'D', language: 'en' });
  });

  it('falls back to og:site_name, og:description and the host, and never reads a title from the body', () => {
    const bare = '<html><head><meta property="og:site_name" content="Site"><meta property="og:description" content="From og"></head><body><svg><title>icon</title></svg></body></html>';
    expect(buildChannel(config(), page(bare), undefined)).toMatchObject({ title: 'Site', description: 'From og' });
    expect(buildChannel(config(), page('<html><body><svg><title>icon</title></svg></body></html>'), undefined).title).toBe('example.com');
  });

  it('reads a page without head and body elements', () => {
    expect(buildChannel(config(), page('<title>Plain</title><p>text</p>'), undefined).title).toBe('Plain');
  });
});
