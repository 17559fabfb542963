#!/usr/bin/env node
// dump-items.mjs — every item of every page with field truth, as the engine gives them (title, link,
// date, image, summary), into one JSON file; with --before, the items whose field changed, grouped
// by the page's repository (corpus/manifest.tsv). For comparing a title/date/image rule across the
// whole corpus, not only the first five items of the field truth.
//
//   node corpus/tools/dump-items.mjs --out F [--only REGEX] [--public] [--before G]
//
// Rule switches from the environment (ICON_TITLES=1: status icons left out of titles, off by default;
// LABEL_TITLES=1: the label-titles rule, off by default, on; see
// packages/auto-source dom/list-fields.ts). Needs `pnpm build` first. --public adds the pages of ../shared/corpus with field truth (corpus/fields).
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest } from '../rebuild.mjs';
import { ruleSwitches } from './rule-switches.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const args = {};
for (let i = 2; i < process.argv.length; i += 1) {
  const arg = process.argv[i];
  if (arg === '--public') args.public = true;
  else if (arg.startsWith('--')) args[arg.slice(2)] = process.argv[(i += 1)];
}
if (!args.out) throw new Error('dump-items: give --out FILE');
const { createEngine, parseFeedConfig } = await import(join(ROOT, 'packages/core/dist/index.js'));
const { createAutoSource } = await import(join(ROOT, 'packages/auto-source/dist/index.js'));
const { createStrategies, decodeBody } = await import(join(ROOT, 'packages/fetchers/dist/index.js'));
const engine = createEngine({ strategies: createStrategies({}), autoSource: createAutoSource(ruleSwitches()) });
const only = args.only ? new RegExp(args.only) : undefined;
const repoOf = new Map(readManifest().map((row) => [row.file.replace(/\.[^.]+$/, ''), row.repository]));

const sets = [{ corpus: join(ROOT, 'corpus'), fields: join(ROOT, 'corpus/fields-own'), prefix: '' }];
if (args.public) sets.push({ corpus: join(ROOT, '../shared/corpus'), fields: join(ROOT, 'corpus/fields'), prefix: 'public:' });
const out = {};
for (const set of sets) {
  for (const file of (await readdir(set.fields)).filter((name) => name.endsWith('.json')).sort()) {
    const page = file.slice(0, -5);
    if (only && !only.test(page)) continue;
    const record = JSON.parse(await readFile(join(set.corpus, 'truth', `${page}.json`), 'utf8'));
    const key = set.prefix + page;
    try {
      const bytes = await readFile(join(set.corpus, 'pages', record.file));
      const { text } = decodeBody(bytes, 'text/html');
      const config = parseFeedConfig({ channel: { url: record.url }, auto_source: true }, { path: 'dump-items' });
      const source = { url: record.url, status: 200, headers: { 'content-type': 'text/html' }, body: text, contentType: 'text/html' };
      const { feed } = await engine.generate(config, { source, now: Date.now() });
      out[key] = { repo: repoOf.get(page) ?? 'public', items: feed.items.map((item) => ({ t: item.title ?? '', u: item.url ?? '', d: (item.published_at ?? item.updated_at)?.toISOString?.().slice(0, 10) ?? '', i: item.image ?? '', s: (item.description ?? '').slice(0, 200) })) };
    } catch (error) {
      out[key] = { repo: repoOf.get(page) ?? 'public', error: `${error.code ?? ''} ${error.message}`.trim(), items: [] };
    }
  }
}
await writeFile(args.out, JSON.stringify(out));
console.log(`dump-items: ${Object.keys(out).length} pages, ${Object.values(out).reduce((n, p) => n + p.items.length, 0)} items -> ${args.out}`);
if (args.before) {
  const before = JSON.parse(await readFile(args.before, 'utf8'));
  const byRepo = new Map();
  for (const [page, now] of Object.entries(out)) {
    const then = before[page];
    if (!then) continue;
    if ((then.error ?? '') !== (now.error ?? '')) console.log(`${page}: error ${then.error ?? '-'} -> ${now.error ?? '-'}`);
    const count = Math.max(then.items.length, now.items.length);
    for (let i = 0; i < count; i += 1) {
      const a = then.items[i] ?? {};
      const b = now.items[i] ?? {};
      for (const field of ['t', 'u', 'd', 'i', 's']) {
        if ((a[field] ?? '') === (b[field] ?? '')) continue;
        const list = byRepo.get(now.repo) ?? [];
        list.push(`${page}#${i} ${field}: ${JSON.stringify(a[field] ?? null)} -> ${JSON.stringify(b[field] ?? null)}`);
        byRepo.set(now.repo, list);
      }
    }
  }
  for (const [repo, lines] of [...byRepo].sort()) {
    console.log(`\n== ${repo} (${lines.length} field changes)`);
    for (const line of lines) console.log(`  ${line}`);
  }
}
