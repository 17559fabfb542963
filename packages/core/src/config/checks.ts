import { ITEM_PART_NAMES, type FeedConfig, type PartSelector, type SelectorsConfig } from '../contracts/config.js';
import { isTimeZoneName } from '../time/time-zone.js';
import { closestName, didYouMean, joinPath, problem, quoteList, type ConfigProblem } from './problems.js';
import { compileParameterPattern, fillPlaceholders, placeholderNames } from './placeholders.js';

/** Checks that need the whole config (cross references, URLs, time zones), after the schema passed. */
export function checkFeedConfig(config: FeedConfig, base: string): ConfigProblem[] {
  return [...checkChannel(config, base), ...checkParameters(config, base), ...checkSelectors(config, base)];
}

function checkChannel(config: FeedConfig, base: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const { channel } = config;
  const sample = fillPlaceholders(channel.url, () => 'x');
  if (!isHttpUrl(sample)) {
    problems.push(problem(joinPath(base, 'channel', 'url'), `"${channel.url}" is not an absolute http(s) URL; write it in full, e.g. https://example.com/news`));
  }
  if (channel.time_zone !== undefined && !isTimeZoneName(channel.time_zone)) {
    problems.push(problem(joinPath(base, 'channel', 'time_zone'), `unknown time zone "${channel.time_zone}"; use an IANA name such as UTC, Europe/Berlin or America/New_York`));
  }
  if (channel.language !== undefined && !isLanguageTag(channel.language)) {
    problems.push(problem(joinPath(base, 'channel', 'language'), `"${channel.language}" is not a language tag; use one such as en, de or pt-BR`));
  }
  return problems;
}

function checkParameters(config: FeedConfig, base: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const declared = Object.keys(config.parameters);
  const templated: [string[], string | undefined][] = [
    [['channel', 'url'], config.channel.url],
    [['channel', 'title'], config.channel.title],
    [['channel', 'description'], config.channel.description],
    ...Object.entries(config.headers).map(([name, value]): [string[], string] => [['headers', name], value]),
  ];
  for (const [segments, text] of templated) {
    for (const name of placeholderNames(text ?? '')) {
      if (declared.includes(name)) continue;
      const known = declared.length > 0 ? ` Declared: ${quoteList(declared)}.${didYouMean(name, declared)}` : '';
      problems.push(
        problem(joinPath(base, ...segments), `uses %<${name}>s but '${name}' is not declared; add parameters: { ${name}: { default: "..." } }.${known}`),
      );
    }
  }
  for (const [name, declaration] of Object.entries(config.parameters)) {
    if (declaration.pattern === undefined) continue;
    let pattern: RegExp;
    try {
      pattern = compileParameterPattern(declaration.pattern);
    } catch (error) {
      problems.push(problem(joinPath(base, 'parameters', name, 'pattern'), `invalid regular expression (${(error as Error).message}); write a JavaScript regular expression such as [a-z0-9-]+`));
      continue;
    }
    if (declaration.default !== undefined && !pattern.test(declaration.default)) {
      problems.push(problem(joinPath(base, 'parameters', name, 'default'), `default "${declaration.default}" does not match pattern ${declaration.pattern}; change one of them`));
    }
  }
  return problems;
}

function checkSelectors(config: FeedConfig, base: string): ConfigProblem[] {
  const selectors = config.selectors;
  if (!selectors) return [];
  const problems: ConfigProblem[] = [];
  const partNames = Object.keys(selectors.parts);
  for (const [name, part] of Object.entries(selectors.parts)) problems.push(...checkPart(part, joinPath(base, 'selectors', name)));
  if (selectors.enclosure) problems.push(...checkPart(selectors.enclosure, joinPath(base, 'selectors', 'enclosure')));
  problems.push(...checkMisspelledParts(selectors, base));
  for (const listName of ['categories', 'guid'] as const) {
    (selectors[listName] ?? []).forEach((name, index) => {
      if (partNames.includes(name)) return;
      problems.push(
        problem(
          joinPath(base, 'selectors', listName, index),
          `'${name}' is not a part defined under selectors.${didYouMean(name, partNames)} Define it (e.g. ${name}: { selector: ... }) or use one of ${quoteList(partNames)}.`,
        ),
      );
    });
  }
  return problems;
}

/**
 * A helper part nobody uses, named like an item part (`titel`, `descripton`), is almost always a
 * typo that would silently leave every item without that value.
 */
function checkMisspelledParts(selectors: SelectorsConfig, base: string): ConfigProblem[] {
  const used = new Set([...(selectors.categories ?? []), ...(selectors.guid ?? []), ...templateReferences(selectors)]);
  const itemParts: readonly string[] = ITEM_PART_NAMES;
  return Object.keys(selectors.parts).flatMap((name) => {
    if (itemParts.includes(name) || used.has(name)) return [];
    const intended = closestName(name, ITEM_PART_NAMES);
    if (intended === undefined || Object.hasOwn(selectors.parts, intended)) return [];
    return [
      problem(
        joinPath(base, 'selectors', name),
        `part '${name}' is not an item part and nothing refers to it. Did you mean '${intended}'? Rename it, or use it in a template (%{${name}}), categories or guid.`,
      ),
    ];
  });
}

/** Names referred to as `%{name}` or `%<name>s` in any post-processor option (template strings). */
function templateReferences(selectors: SelectorsConfig): string[] {
  const parts = [...Object.values(selectors.parts), ...(selectors.enclosure ? [selectors.enclosure] : [])];
  const texts = parts.flatMap((part) => (part.post_process ?? []).flatMap((step) => Object.values(step.options).filter((value) => typeof value === 'string')));
  return texts.flatMap((text) => [...text.matchAll(/%(?:\{([A-Za-z0-9_]+)\}|<([A-Za-z0-9_]+)>)/g)].map((match) => match[1] ?? match[2] ?? ''));
}

function checkPart(part: PartSelector, path: string): ConfigProblem[] {
  if (part.extractor === 'attribute' && part.attribute === undefined) {
    return [problem(joinPath(path, 'attribute'), "missing: extractor 'attribute' needs the attribute name, e.g. attribute: datetime")];
  }
  if (part.extractor === 'static' && part.static === undefined) {
    return [problem(joinPath(path, 'static'), "missing: extractor 'static' needs the value, e.g. static: Example")];
  }
  return [];
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}
