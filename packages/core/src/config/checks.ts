import type { FeedConfig, PartSelector } from '../contracts/config.js';
import { didYouMean, joinPath, problem, quoteList, type ConfigProblem } from './problems.js';
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
  if (channel.time_zone !== undefined && !isTimeZone(channel.time_zone)) {
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

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
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
