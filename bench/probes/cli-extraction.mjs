/**
 * Benchmark 9's extraction floor: in a fresh process, load the engine's modules (untimed), then
 * time one `generate` + `render` of the page in argv[2] as `pagefeed auto --input` would run it
 * (auto-source, RSS). Prints `{ ms }` (CPU time of that call).
 */
import { readFileSync } from 'node:fs';
import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine } from '@pagefeed/core';
import { createMemoryCache, createStrategies, decodeBody } from '@pagefeed/fetchers';

const [file, url] = process.argv.slice(2);
const bytes = readFileSync(file);
const engine = createEngine({ strategies: createStrategies({}), autoSource: createAutoSource(), cache: createMemoryCache() });
const started = process.cpuUsage();
const { text } = decodeBody(bytes, 'text/html');
const config = { strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {}, channel: { url }, auto_source: { enabled: true } };
const { feed } = await engine.generate(config, { source: { url, status: 200, headers: { 'content-type': 'text/html' }, body: text, contentType: 'text/html' } });
engine.render(feed, 'rss');
const used = process.cpuUsage(started);
process.stdout.write(`${JSON.stringify({ ms: (used.user + used.system) / 1000 })}\n`);
