/**
 * Scoring harness for `/work/shared/tools/score-corpus.mjs` until the CLI's `pagefeed auto` exists:
 * reads a saved page, runs auto-source, prints a minimal JSON Feed 1.1 or a JSON error (exit 1).
 *   node --conditions=source --import tsx packages/auto-source/scripts/score-harness.ts --url URL --file FILE [--explain]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isFeedError, parseHtmlSource, type SourceDocument } from '@pagefeed/core';
import { createAutoSource } from '../src/index.js';

const { values } = parseArgs({ options: { url: { type: 'string' }, file: { type: 'string' }, explain: { type: 'boolean' } } });
const url = values.url ?? 'http://localhost/';
const text = readFileSync(values.file ?? '/dev/stdin', 'utf8');
const started = performance.now();
let document: SourceDocument;
if (/\.json$/i.test(values.file ?? '') || /^\s*[[{]/.test(text)) {
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch {
    data = undefined;
  }
  document = data === undefined ? parseHtmlSource(text, url) : { kind: 'json', url, text, data };
} else {
  document = parseHtmlSource(text, url);
}
try {
  const result = await createAutoSource().extract(document, { config: { channel: { url } } as never });
  const items = result.items.map((item, index) => ({ id: item.url ?? `${url}#item-${index}`, url: item.url, title: item.title }));
  process.stdout.write(`${JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: url, items })}\n`);
  if (values.explain) process.stderr.write(`${JSON.stringify({ ms: Math.round(performance.now() - started), ...result.diagnostics }, null, 2)}\n`);
} catch (error) {
  if (!isFeedError(error)) throw error;
  process.stderr.write(`${JSON.stringify({ error: { code: error.code, class: error.class, message: error.message, hint: error.hint } })}\n`);
  if (values.explain) process.stderr.write(`${JSON.stringify((error as unknown as { diagnostics?: unknown }).diagnostics, null, 2)}\n`);
  process.exitCode = 1;
}
