import type { FeedConfig } from '../contracts/config.js';
import { FeedError } from '../contracts/errors.js';
import { compileParameterPattern, fillPlaceholders } from './placeholders.js';
import { quoteList } from './problems.js';

/**
 * Fills `%<name>s` placeholders in `channel.url` (percent-encoded), `headers`, and the channel
 * title and description from `values`, falling back to each parameter's declared default. Only
 * declared names are accepted; values must match the declared `pattern`.
 */
export function applyParameters(config: FeedConfig, values: Readonly<Record<string, string>>): FeedConfig {
  const declared = config.parameters;
  const names = Object.keys(declared);
  const declaredList = names.length > 0 ? `declared parameters: ${quoteList(names)}` : 'this feed declares no parameters';
  for (const name of Object.keys(values)) {
    if (!Object.hasOwn(declared, name)) {
      throw new FeedError('ParameterInvalid', `Unknown parameter '${name}': ${declaredList}.`, {
        path: `parameters.${name}`,
        hint: 'pass only declared parameters, or declare it under parameters: in the feed configuration',
        details: { parameter: name, declared: names },
      });
    }
  }
  const resolved = new Map<string, string>();
  const valueOf = (name: string): string => {
    const known = resolved.get(name);
    if (known !== undefined) return known;
    const value = resolveValue(name, config, values, declaredList);
    resolved.set(name, value);
    return value;
  };
  const fillText = (text: string | undefined): string | undefined => (text === undefined ? undefined : fillPlaceholders(text, valueOf));
  const headers = Object.fromEntries(
    Object.entries(config.headers).map(([header, text]) => [header, fillPlaceholders(text, (name) => headerSafe(name, valueOf(name)))]),
  );
  const title = fillText(config.channel.title);
  const description = fillText(config.channel.description);
  const channel = {
    ...config.channel,
    url: fillPlaceholders(config.channel.url, (name) => encodeURIComponent(valueOf(name))),
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
  };
  return { ...config, channel, headers };
}

function resolveValue(name: string, config: FeedConfig, values: Readonly<Record<string, string>>, declaredList: string): string {
  const declaration = config.parameters[name];
  if (!declaration) {
    throw new FeedError('ParameterInvalid', `The configuration uses %<${name}>s but does not declare '${name}': ${declaredList}.`, {
      path: `parameters.${name}`,
      hint: `declare it: parameters: { ${name}: { default: "..." } }`,
    });
  }
  const value = values[name] ?? declaration.default;
  if (value === undefined) {
    throw new FeedError('ParameterInvalid', `Parameter '${name}' is required and has no default: pass ${name}=<value> (query string ?${name}=... or --param ${name}=...).`, {
      path: `parameters.${name}`,
      details: { parameter: name },
    });
  }
  if (declaration.pattern !== undefined && !compileParameterPattern(declaration.pattern).test(value)) {
    throw new FeedError('ParameterInvalid', `Parameter '${name}' value "${value}" does not match its pattern ${declaration.pattern}.`, {
      path: `parameters.${name}`,
      hint: declaration.description ?? `give a value matching ${declaration.pattern}`,
      details: { parameter: name, pattern: declaration.pattern },
    });
  }
  return value;
}

/** A parameter must not smuggle a second header line into the request. */
function headerSafe(name: string, value: string): string {
  if (/[\r\n\0]/.test(value)) {
    throw new FeedError('ParameterInvalid', `Parameter '${name}' contains a line break, which is not allowed in a header value.`, {
      path: `parameters.${name}`,
    });
  }
  return value;
}
