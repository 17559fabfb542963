import { LineCounter, parseDocument } from 'yaml';
import { FeedError } from '../contracts/errors.js';
import { parseBlockYaml } from './yaml-block.js';
import { checkDocument, checkText } from './yaml-checks.js';
import { DEFAULT_CONFIG_LIMITS, type ConfigLimits } from './yaml-limits.js';

/**
 * Parses YAML text; malformed input fails with the file name, line and column of the first error.
 * Merge keys (`<<: *defaults`) are allowed, duplicate keys are not; size, nesting, aliases and
 * their expansion are bounded (`yaml-limits.ts`) and checked before the document becomes objects.
 */
export function parseYaml(text: string, source: string, limits: ConfigLimits = DEFAULT_CONFIG_LIMITS): unknown {
  checkText(text, source, limits);
  // Plain block-style files (most configs) are read by a fast scanner that gives the same result;
  // anything else, and every file with an error, goes through the library below (yaml-block.ts).
  const block = parseBlockYaml(text, limits);
  if (block !== undefined) return block.value;
  const lineCounter = new LineCounter();
  // Duplicate keys are found by checkDocument in linear time (the parser's own check is quadratic).
  const document = parseDocument(text, { merge: true, uniqueKeys: false, prettyErrors: true, lineCounter });
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
  checkDocument(document, source, limits, lineCounter);
  try {
    // Aliases are already counted and their expansion bounded by checkDocument.
    return document.toJS({ maxAliasCount: -1 });
  } catch (error) {
    throw new FeedError('ConfigurationInvalid', `Could not read YAML in ${source}: ${(error as Error).message}`, { details: { source }, cause: error });
  }
}
