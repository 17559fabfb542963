import * as v from 'valibot';
import type { AutoSourceConfig, FeedConfig, ParameterDeclaration, StrategyName } from '../contracts/config.js';
import { compact } from './compact.js';
import { describeValue, didYouMean, quoteList } from './problems.js';
import {
  closedObject,
  cssSelector,
  expected,
  flag,
  nonEmptyText,
  nonNegativeInteger,
  positiveInteger,
  positiveNumber,
  text,
} from './schema-fields.js';
import { selectorsSchema } from './schema-selectors.js';
import { SELECTION_ENTRIES } from './schema-selection.js';

export const STRATEGY_NAMES = ['plain', 'renderer'] as const satisfies readonly StrategyName[];
export const STYLESHEET_TYPES = ['text/css', 'text/xsl'] as const;

/** html2rss strategy names and the pagefeed strategy doing the same job. */
const STRATEGY_EQUIVALENTS: Readonly<Record<string, StrategyName>> = { browserless: 'renderer', faraday: 'plain', botasaurus: 'renderer' };

export function strategyMessage(input: unknown): string {
  const allowed = `allowed values are ${quoteList(STRATEGY_NAMES)}`;
  if (typeof input !== 'string') return `unsupported strategy: expected ${allowed}, received ${describeValue(input)}`;
  const equivalent = STRATEGY_EQUIVALENTS[input];
  const advice = equivalent
    ? ` html2rss's '${input}' corresponds to '${equivalent}' here: write strategy: ${equivalent}.`
    : didYouMean(input, STRATEGY_NAMES);
  return `unsupported strategy "${input}"; ${allowed}.${advice}`;
}

export const CHANNEL_ENTRIES = {
    url: v.pipe(nonEmptyText('the address of the page'), v.description('Address of the page to convert (http or https). May contain %<name>s parameter placeholders.')),
    title: v.optional(v.pipe(text(), v.description('Feed title; defaults to the page title.'))),
    description: v.optional(v.pipe(text(), v.description('Feed description.'))),
    language: v.optional(v.pipe(text(), v.description('Language tag, e.g. en or de-DE.'))),
    ttl: v.optional(v.pipe(positiveInteger('a whole number of minutes (at least 1)'), v.description('Minutes a generated feed is cached (default 60).'))),
    time_zone: v.optional(v.pipe(text(), v.description('IANA time zone of the dates on the page, e.g. Europe/Berlin (default UTC).'))),
    author: v.optional(v.pipe(text(), v.description('Feed author.'))),
    image: v.optional(v.pipe(text(), v.description('Feed image URL.'))),
    json: v.optional(v.pipe(flag(), v.description('Accepted for html2rss compatibility; JSON sources are detected from the response content type.'))),
};

const channelSchema = v.pipe(
  closedObject(CHANNEL_ENTRIES),
  v.description('The page to convert and the feed channel metadata.'),
  v.transform(({ json: _ignored, ...channel }) => compact(channel)),
);

const strategySchema = v.pipe(
  v.picklist(STRATEGY_NAMES, (issue) => strategyMessage(issue.input)),
  v.description("Fetch strategy: 'plain' (HTTP fetch, default) or 'renderer' (remote headless browser, for pages built by JavaScript)."),
);

const headerName = v.pipe(
  v.string(),
  v.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, (issue) => `header name ${JSON.stringify(issue.input)} is not a valid HTTP header name; use letters, digits and - (e.g. X-Api-Key)`),
);
const headersSchema = v.pipe(
  v.record(headerName, text('a string (quote numbers, e.g. "5")'), expected('a mapping of header names to values')),
  v.description('HTTP request headers sent to the page, e.g. Authorization or Cookie. Values may contain %<name>s placeholders.'),
);

const autoSourceSchema = v.pipe(
  v.union(
    [
      flag(),
      v.null(),
      closedObject({
        enabled: v.optional(v.pipe(flag(), v.description('Switch automatic extraction on or off (default true).'))),
        scraper: v.optional(v.pipe(v.record(v.string(), v.unknown()), v.description('Accepted for html2rss compatibility; has no effect.'))),
        cleanup: v.optional(v.pipe(v.record(v.string(), v.unknown()), v.description('Accepted for html2rss compatibility; has no effect.'))),
      }),
    ],
    expected('true, false or a mapping such as {} or { enabled: true }'),
  ),
  v.description('Automatic extraction: true, {} or { enabled: true } switch it on.'),
  v.transform((value): AutoSourceConfig => ({ enabled: typeof value === 'boolean' ? value : (value?.enabled ?? true) })),
);

const stylesheetSchema = closedObject({
  href: v.pipe(nonEmptyText(), v.description('Address of the stylesheet.')),
  type: v.pipe(
    v.picklist(STYLESHEET_TYPES, (issue) => `stylesheet.type invalid: expected 'text/css' or 'text/xsl', received ${describeValue(issue.input)}`),
    v.description('text/css or text/xsl.'),
  ),
  media: v.optional(v.pipe(text(), v.description('CSS media query, e.g. screen.'))),
});

const requestSchema = v.pipe(
  closedObject({
    max_redirects: v.optional(v.pipe(nonNegativeInteger(), v.description('Redirects followed at most (default 5).'))),
    timeout_seconds: v.optional(v.pipe(positiveNumber(), v.description('Time budget for fetching the page, in seconds.'))),
    max_bytes: v.optional(v.pipe(positiveInteger(), v.description('Largest accepted response body after decompression (default 10 MiB).'))),
    wait_for_selector: v.optional(cssSelector('renderer only: wait until this CSS selector matches before extracting.')),
    scroll: v.optional(
      v.pipe(v.union([flag(), positiveInteger()], expected('true, false or a number of scroll steps')), v.description('renderer only: scroll down (true) or this many times.')),
    ),
    click: v.optional(v.pipe(v.array(cssSelector('Element to click.'), expected('a list of CSS selectors')), v.description('renderer only: click these elements in order before extracting.'))),
  }),
  v.description('Limits and browser steps for fetching the page.'),
);

const parameterName = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, (issue) => `parameter name ${JSON.stringify(issue.input)} is invalid; use letters, digits and _ (not starting with a digit)`),
);
const parameterSchema = v.pipe(
  closedObject({
    type: v.optional(v.pipe(v.picklist(['string'] as const, (issue) => `expected type 'string', received ${describeValue(issue.input)}`), v.description('Always string (html2rss compatibility).'))),
    default: v.optional(
      v.pipe(v.union([text(), v.pipe(v.number(), v.transform(String))], expected('a string')), v.description('Value used when the request gives none.')),
    ),
    pattern: v.optional(v.pipe(nonEmptyText(), v.description('Regular expression the whole value must match.'))),
    description: v.optional(v.pipe(text(), v.description('What the parameter means, shown to users.'))),
  }),
  v.transform(({ type: _type, ...declaration }): ParameterDeclaration => compact(declaration)),
);
const parametersSchema = v.pipe(
  v.record(parameterName, parameterSchema, expected('a mapping of parameter names to declarations')),
  v.description('Dynamic parameters filling %<name>s placeholders in channel.url and headers.'),
);

export const FEED_CONFIG_ENTRIES = {
  channel: channelSchema,
  strategy: v.optional(strategySchema),
  headers: v.optional(headersSchema),
  selectors: v.optional(selectorsSchema),
  auto_source: v.optional(autoSourceSchema),
  stylesheets: v.optional(v.pipe(v.array(stylesheetSchema, expected('a list of stylesheets')), v.description('Stylesheets referenced from the XML feeds.'))),
  request: v.optional(requestSchema),
  parameters: v.optional(parametersSchema),
  enhance: v.optional(v.pipe(flag(), v.description('Accepted for html2rss compatibility; has no effect.'))),
  ...SELECTION_ENTRIES,
};

/** One feed configuration in the html2rss-compatible shape, validated into `FeedConfig`. */
export const feedConfigSchema = v.pipe(
  closedObject(FEED_CONFIG_ENTRIES),
  v.title('pagefeed feed configuration'),
  v.description('One feed: the page to fetch (channel), how to fetch it (strategy, headers, request) and how to find items (selectors and/or auto_source).'),
  v.transform(
    (input): FeedConfig =>
      compact({
        channel: input.channel,
        strategy: input.strategy ?? 'plain',
        headers: input.headers ?? {},
        selectors: input.selectors,
        auto_source: input.auto_source,
        stylesheets: (input.stylesheets ?? []).map((stylesheet) => compact(stylesheet)),
        request: compact({ ...input.request }),
        parameters: input.parameters ?? {},
        full_text: input.full_text,
        filters: input.filters,
        limit: input.limit,
        max_age: input.max_age,
      }),
  ),
);
