#!/usr/bin/env node
// walls-through-guard.mjs — the fetch guard's verdict on every corpus page with a status, the way
// a live fetch meets it: wall pages (kind `challenge`) answered with a refusing status, every other
// page with 200. The corpus score reads bodies only; this adds the status a wall really arrives with.
// The guard's order is the fetchers' (packages/fetchers/src/guard/finish.ts): blocked surface
// first, then the status as an HTTP error.
//
//   node corpus/tools/walls-through-guard.mjs [--status 403] [--others-status 200]   (needs `pnpm build` and `pnpm corpus:rebuild`)
// A page wrongly blocked is listed with the signal that blocked it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const argv = process.argv.slice(2);
const wallStatus = Number(argv.includes('--status') ? argv[argv.indexOf('--status') + 1] : 403);
// --others-status N: the other pages arrive with N too (default 200), to see which real pages a refusing status would turn into walls.
const otherStatus = Number(argv.includes('--others-status') ? argv[argv.indexOf('--others-status') + 1] : 200);
const { detectBlockedSurface } = await import(pathToFileURL(join(ROOT, 'packages/core/dist/index.js')).href);
const { decodeBody } = await import(pathToFileURL(join(ROOT, 'packages/fetchers/dist/index.js')).href);

const verdict = (result) => {
  const blocked = detectBlockedSurface(result);
  if (blocked) return 'blocked';
  return result.status >= 300 ? 'http_error' : 'page';
};

const walls = [];
const others = { pages: 0, blocked: [] };
for (const [truthDir, pageDir] of [[join(SHARED, 'corpus/truth'), join(SHARED, 'corpus/pages')], [join(ROOT, 'corpus/truth'), join(ROOT, 'corpus/pages')]]) {
  for (const name of readdirSync(truthDir).filter((file) => file.endsWith('.json'))) {
    const record = JSON.parse(readFileSync(join(truthDir, name), 'utf8'));
    const path = join(pageDir, record.file);
    if (!existsSync(path)) continue;
    const wall = record.kind === 'challenge';
    const contentType = record.file.endsWith('.json') ? 'application/json' : 'text/html';
    // Decoded as the guard decodes a response (fetchers' guard/finish.ts): the wording signals read
    // text in the page's own script, not only ASCII markers.
    const body = decodeBody(readFileSync(path), contentType).text;
    const result = { url: record.url, status: wall ? wallStatus : otherStatus, headers: { 'content-type': contentType }, body, contentType };
    const outcome = verdict(result);
    if (wall) walls.push([record.file, outcome]);
    else {
      others.pages += 1;
      if (outcome === 'blocked') others.blocked.push(`${record.file} [${detectBlockedSurface(result).details.seen}]`);
    }
  }
}
for (const [file, outcome] of walls) console.log(`${outcome === 'blocked' ? 'ok  ' : 'MISS'} ${file.padEnd(50)} ${outcome}`);
console.log(`walls answered ${wallStatus}: ${walls.filter(([, outcome]) => outcome === 'blocked').length}/${walls.length} blocked`);
console.log(`other pages answered ${otherStatus}: ${others.blocked.length}/${others.pages} wrongly blocked${others.blocked.length ? ` (${others.blocked.join(', ')})` : ''}`);
