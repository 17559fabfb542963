import { joinPath, problem, type ConfigProblem, type PathSegment } from './problems.js';

/** `${NAME}`, `${NAME:-fallback}`; `$${NAME}` stays literal as `${NAME}`. */
const REFERENCE = /\$(\$)?\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Replaces environment references in every string value (never in keys). A variable that is not
 * set and has no fallback is a problem at the path of the value, naming the variable.
 */
export function substituteEnvironment(value: unknown, environment: Environment, base = ''): { value: unknown; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const walk = (node: unknown, segments: readonly PathSegment[]): unknown => {
    if (typeof node === 'string') return substituteText(node, environment, joinPath(base, ...segments), problems);
    if (Array.isArray(node)) return node.map((entry, index) => walk(entry, [...segments, index]));
    if (typeof node === 'object' && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([key, entry]) => [key, walk(entry, [...segments, key])]));
    }
    return node;
  };
  return { value: walk(value, []), problems };
}

function substituteText(text: string, environment: Environment, path: string, problems: ConfigProblem[]): string {
  return text.replace(REFERENCE, (match, escaped: string | undefined, name: string, fallback: string | undefined) => {
    if (escaped) return match.slice(1);
    const value = environment[name];
    // Shell semantics: `:-` also replaces an empty value.
    if (fallback !== undefined) return value === undefined || value === '' ? fallback : value;
    if (value !== undefined) return value;
    problems.push(
      problem(path, `environment variable ${name} is not set (referenced as \${${name}}); set it, or give a fallback with \${${name}:-value}`),
    );
    return match;
  });
}
