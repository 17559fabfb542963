import { parseDocument } from 'yaml';
import { FeedError } from '../contracts/errors.js';

/**
 * Parses YAML text; malformed input fails with the file name, line and column of the first error.
 * Merge keys (`<<: *defaults`) are allowed, duplicate keys are not, aliases are capped.
 */
export function parseYaml(text: string, source: string): unknown {
  const document = parseDocument(text, { merge: true, uniqueKeys: true, prettyErrors: true });
  const first = document.errors[0];
  if (first) {
    const position = first.linePos?.[0];
    const where = position ? `${source}:${position.line}:${position.col}` : source;
    const reason = (first.message.split(/ at line \d+, column \d+/)[0] ?? first.message).replace(/\.$/, '');
    throw new FeedError('ConfigurationInvalid', `Malformed YAML in ${where}: ${reason}. Check the indentation and quoting around that line.`, {
      hint: 'YAML uses spaces (not tabs) for indentation; quote values containing ": " or starting with special characters',
      details: { source, ...(position ? { line: position.line, column: position.col } : {}), yamlCode: first.code },
      cause: first,
    });
  }
  try {
    return document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw new FeedError('ConfigurationInvalid', `Could not read YAML in ${source}: ${(error as Error).message}`, { details: { source }, cause: error });
  }
}
