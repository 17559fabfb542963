import type { AutoSource, AutoSourceResult } from '../../contracts/auto-source.js';
import type { FeedConfig } from '../../contracts/config.js';
import type { FetchContext, FetchRequest, FetchResult, FetchStrategy } from '../../contracts/fetch.js';

/** A feed configuration with every required field, for tests. */
export function feedConfig(overrides: Partial<Omit<FeedConfig, 'channel'>> & { channel?: Partial<FeedConfig['channel']> } = {}): FeedConfig {
  const { channel, ...rest } = overrides;
  return {
    strategy: 'plain',
    headers: {},
    stylesheets: [],
    request: {},
    parameters: {},
    ...rest,
    channel: { url: 'https://example.com/news/', ...channel },
  };
}

export function htmlResult(body: string, url = 'https://example.com/news/', contentType = 'text/html'): FetchResult {
  return { url, status: 200, headers: { 'content-type': contentType }, body, contentType };
}

/** A strategy that answers from a canned result and records what it was asked. */
export function fakeStrategy(name: string, answer: (request: FetchRequest) => FetchResult): FetchStrategy & { calls: { request: FetchRequest; context: FetchContext }[] } {
  const calls: { request: FetchRequest; context: FetchContext }[] = [];
  return {
    name,
    calls,
    fetch(request, context) {
      calls.push({ request, context });
      return Promise.resolve(answer(request));
    },
  };
}

export function fakeAutoSource(answer: () => AutoSourceResult | Promise<AutoSourceResult>): AutoSource & { calls: number } {
  const source = {
    calls: 0,
    async extract(): Promise<AutoSourceResult> {
      source.calls += 1;
      return answer();
    },
  };
  return source;
}

export const LISTING_PAGE = `<!doctype html><html lang="de"><head><title>  Example
  News </title><meta property="og:site_name" content="Example"></head><body>
<article><h2><a href="/a">Alpha</a></h2><time>2024-03-05T10:00:00Z</time><p>First</p></article>
<article><h2><a href="b?utm_source=x">Beta</a></h2><time>not a date</time><p>Second</p></article>
</body></html>`;
