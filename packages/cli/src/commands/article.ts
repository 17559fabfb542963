import { checkSource, compileSelector, extractArticle, FeedError, type FetchResult, type FetchStrategy } from '@pagefeed/core';
import { parseCommandArgs } from '../args.js';
import { usage } from '../errors.js';
import { readInput } from '../input.js';
import { progress, type CliIo } from '../io.js';

const FORMATS = ['html', 'text', 'json'] as const;

/** `pagefeed article <url>`: one page's readable content (see `articleHelp`). */
export async function articleCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('article', argv, {
    format: { type: 'string' },
    input: { type: 'string' },
    selector: { type: 'string' },
    strategy: { type: 'string' },
  });
  const [url] = positionals;
  if (!url || positionals.length > 1) throw usage("article expects exactly one <url>; see 'pagefeed help article'");
  if (!/^https?:\/\//i.test(url)) throw usage(`article: <url> must be an http(s) address (got "${url}")`);
  const format = values.format ?? 'html';
  if (!(FORMATS as readonly string[]).includes(format)) throw usage(`--format must be one of ${FORMATS.join(', ')} (got "${format}")`);
  if (values.selector !== undefined) checkSelector(values.selector);
  const page = values.input ? await readInput(io, values.input, url) : await fetchPage(io, url, values.strategy ?? 'plain');
  const article = extractArticle(page.body, { url: page.url, ...(values.selector === undefined ? {} : { selector: values.selector }) });
  if (article.text === '') {
    throw new FeedError('InputInvalid', `No article text found on ${page.url}${values.selector ? ` with the selector "${values.selector}"` : ''}`, {
      hint: values.selector ? 'check the selector in the browser console with document.querySelectorAll(...)' : 'give the article body with --selector, or try --strategy renderer for pages built by JavaScript',
    });
  }
  if (format === 'json') io.stdout(`${JSON.stringify({ url: page.url, ...article }, null, 2)}\n`);
  else io.stdout(`${format === 'text' ? article.text : article.html}\n`);
  return 0;
}

function checkSelector(selector: string): void {
  try {
    compileSelector(selector, '--selector');
  } catch (error) {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : (error as Error).message;
    throw usage(`--selector "${selector}" is not a valid CSS selector (${reason})`);
  }
}

async function fetchPage(io: CliIo, url: string, strategyName: string): Promise<FetchResult> {
  const { createStrategies } = await import('@pagefeed/fetchers');
  const strategies = createStrategies(io.env);
  const strategy = Object.hasOwn(strategies, strategyName) ? (strategies as Readonly<Record<string, FetchStrategy>>)[strategyName] : undefined;
  if (!strategy) throw usage(`--strategy must be one of ${Object.keys(strategies).join(', ')} (got "${strategyName}")`);
  progress(io, `fetching ${url} (${strategyName})`);
  const result = await strategy.fetch({ url, strategy: strategyName, headers: {}, request: {} }, { allowPrivateNetworks: io.env['ALLOW_PRIVATE_NETWORKS'] === 'true' });
  return checkSource(result);
}
