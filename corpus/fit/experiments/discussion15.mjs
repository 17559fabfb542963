#!/usr/bin/env node
// discussion15.mjs — fifteenth session (issue #16): every labelled HTML page of both corpora run once
// with the article gate observed and never refusing (as gate_observe9.mjs), writing the facts of
// surface/article-discussion.ts — the list's rows read as the posts of one discussion — beside the
// page's label, so that the post-gate check `discussionRefusals` can be counted against every gate
// offline (gate15.py --discussion FILE). JSON lines to --out.
//
//   node corpus/fit/experiments/discussion15.mjs --out FILE [--only REGEX]   (needs `pnpm build`)
import { existsSync, readdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { createAutoSource } = await load('packages/auto-source/dist/index.js');
const { ARTICLE_GATE_MODEL } = await load('packages/auto-source/dist/surface/article-gate-model.js');
const { isDiscussion } = await load('packages/auto-source/dist/surface/article-discussion.js');
const { parseHtmlSource } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const argv = process.argv.slice(2);
const value = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const only = value('--only') ? new RegExp(value('--only')) : null;
const out = value('--out') ?? '/tmp/gate15/discussion.jsonl';
writeFileSync(out, '');
const context = (url) => ({ config: { channel: { url }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } });
const keepAll = { ...ARTICLE_GATE_MODEL, threshold: 2 };
const source = createAutoSource({ articleModel: keepAll, onArticleCheck: (observed) => { check = observed; } });
let check;
for (const [corpus, dir] of [['public', join(SHARED, 'corpus')], ['own', join(ROOT, 'corpus')]]) {
  for (const name of readdirSync(join(dir, 'truth')).filter((file) => file.endsWith('.json')).sort()) {
    const page = name.replace(/\.json$/, '');
    if (only && !only.test(page)) continue;
    const record = JSON.parse(readFileSync(join(dir, 'truth', name), 'utf8'));
    if (!record.file?.endsWith('.html')) continue;
    const label = record.expect_error === 'not_a_list' ? 'article' : record.expect_error ? undefined : 'list';
    if (!label) continue;
    const path = join(dir, 'pages', record.file);
    if (!existsSync(path)) continue;
    const document = parseHtmlSource(decodeBody(readFileSync(path), 'text/html').text, record.url);
    check = undefined;
    try {
      await source.extract(document, context(record.url));
    } catch {
      // A refused or failed page: its facts, if the gate saw it, are in `check`.
    }
    const discussion = check?.discussion;
    appendFileSync(out, `${JSON.stringify({ page: `${corpus}:${page}`, label, discussion, isDiscussion: discussion ? isDiscussion(discussion) : false })}\n`);
  }
}
