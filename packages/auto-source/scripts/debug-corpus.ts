/**
 * Development aid: runs auto-source in-process over the corpus and prints each page's outcome,
 * winner and runner-up with their features. Usage: debug-corpus.ts [name-regex]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { parseHtmlSource, type SourceDocument } from '@pagefeed/core';
import { createAutoSource } from '../src/index.js';

const corpus = process.env['CORPUS'] ?? new URL('../../../../shared/corpus', import.meta.url).pathname;
const filter = new RegExp(process.argv[2] ?? '.');
const autoSource = createAutoSource();
for (const name of readdirSync(`${corpus}/truth`).sort()) {
  if (!filter.test(name)) continue;
  const truth = JSON.parse(readFileSync(`${corpus}/truth/${name}`, 'utf8')) as { file: string; url: string; kind: string };
  const text = readFileSync(`${corpus}/pages/${truth.file}`, 'utf8');
  const started = performance.now();
  const document: SourceDocument = truth.file.endsWith('.json') ? { kind: 'json', url: truth.url, text, data: JSON.parse(text) as unknown } : parseHtmlSource(text, truth.url);
  const parsed = performance.now();
  let line: string;
  let diagnostics: { candidates?: readonly { source: string; score: number; itemCount: number; features: readonly { name: string; weight: number }[] }[] } | undefined;
  try {
    const result = await autoSource.extract(document, { config: {} as never });
    line = `${result.items.length} items via ${result.diagnostics.scraper}`;
    diagnostics = result.diagnostics;
  } catch (error) {
    line = `ERROR ${(error as { class?: string }).class}: ${(error as Error).message}`;
    diagnostics = (error as { diagnostics?: typeof diagnostics }).diagnostics;
  }
  const ms = `${Math.round(parsed - started)}+${Math.round(performance.now() - parsed)}ms`;
  console.log(`${name.replace('.json', '')} [${truth.kind}] ${ms}: ${line}`);
  for (const candidate of (diagnostics?.candidates ?? []).slice(0, Number(process.env['TOP'] ?? 2))) {
    const features = candidate.features.filter((feature) => feature.weight !== 0).map((feature) => `${feature.name}=${feature.weight}`).join(' ');
    console.log(`    ${candidate.score} n=${candidate.itemCount} ${candidate.source.slice(-90)} | ${features}`);
  }
}
