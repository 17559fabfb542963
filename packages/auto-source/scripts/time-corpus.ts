/**
 * Development aid: in-process timing of parse + auto-source per corpus page (warm, second pass),
 * without process start-up. Usage: time-corpus.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { parseHtmlSource, type SourceDocument } from '@pagefeed/core';
import { createAutoSource } from '../src/index.js';

const corpus = process.env['CORPUS'] ?? new URL('../../../../shared/corpus', import.meta.url).pathname;
const autoSource = createAutoSource();
const pages = readdirSync(`${corpus}/truth`).sort().map((name) => JSON.parse(readFileSync(`${corpus}/truth/${name}`, 'utf8')) as { file: string; url: string });
const timings: { file: string; parse: number; extract: number }[] = [];
for (let pass = 0; pass < 2; pass += 1) {
  for (const record of pages) {
    const text = readFileSync(`${corpus}/pages/${record.file}`, 'utf8');
    const started = performance.now();
    const document: SourceDocument = record.file.endsWith('.json') ? { kind: 'json', url: record.url, text, data: JSON.parse(text) as unknown } : parseHtmlSource(text, record.url);
    const parsed = performance.now();
    await autoSource.extract(document, { config: {} as never }).catch(() => undefined);
    if (pass === 1) timings.push({ file: record.file, parse: parsed - started, extract: performance.now() - parsed });
  }
}
const median = (values: number[]): number => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? 0;
for (const timing of [...timings].sort((left, right) => right.extract - left.extract).slice(0, 8)) console.log(`${timing.file}: parse ${timing.parse.toFixed(0)} ms, extract ${timing.extract.toFixed(0)} ms`);
console.log(`median parse ${median(timings.map((timing) => timing.parse)).toFixed(1)} ms, median extract ${median(timings.map((timing) => timing.extract)).toFixed(1)} ms, median total ${median(timings.map((timing) => timing.parse + timing.extract)).toFixed(1)} ms`);
