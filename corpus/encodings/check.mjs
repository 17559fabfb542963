#!/usr/bin/env node
// Decodes real third-party pages in legacy encodings through the fetchers' decoding (the same
// `decodeBody` every fetch goes through) and checks each against our truth: the charset family it
// must be read as, and a phrase of the page in the right script.
//
//   pnpm build && node corpus/encodings/check.mjs [--mirror DIR] [--only REGEX]
//
// The pages are not in this repository: manifest.tsv names the repository, commit, path and
// sha256 of each; the bytes are read from the mirrored repositories (default /work/.mirror, or
// $PAGEFEED_CORPUS_MIRROR; see corpus/README.md), checked against the sha256, decoded in memory and
// never written anywhere. CI cannot fetch repositories, so this is a documented command (figures
// in BENCHMARKS.md §9); the CI tests of the same rules use bytes we write ourselves
// (packages/fetchers/src/guard/decode-charsets.test.ts). Exit code 1 when any page fails.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPage, sha256 } from '../rebuild.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const { decodeBody } = await import(join(ROOT, 'packages/fetchers/dist/index.js'));

const args = process.argv.slice(2);
const mirror = args.includes('--mirror') ? args[args.indexOf('--mirror') + 1] : process.env.PAGEFEED_CORPUS_MIRROR || '/work/.mirror';
const only = args.includes('--only') ? new RegExp(args[args.indexOf('--only') + 1]) : undefined;

const [header, ...lines] = readFileSync(join(HERE, 'manifest.tsv'), 'utf8').split('\n').filter((line) => line.trim());
const columns = header.split('\t');
const rows = lines.map((line) => Object.fromEntries(line.split('\t').map((value, index) => [columns[index], value])));

let failed = 0;
let checked = 0;
for (const row of rows) {
  if (only && !only.test(row.name)) continue;
  checked += 1;
  let verdict;
  try {
    const bytes = readPage(mirror, row);
    const digest = sha256(bytes);
    if (digest !== row.sha256) throw new Error(`sha256 ${digest} is not the manifest's ${row.sha256}`);
    const { text, charset } = decodeBody(bytes, row.content_type);
    const families = row.expect_charset.split('|');
    const problems = [];
    if (!families.includes(charset.toLowerCase())) problems.push(`read as ${charset}, want ${row.expect_charset}`);
    if (!text.includes(row.phrase)) problems.push(`phrase "${row.phrase}" not in the decoded text`);
    verdict = problems.length === 0 ? `ok    ${charset}` : `FAIL  ${problems.join('; ')}`;
    if (problems.length > 0) failed += 1;
  } catch (error) {
    verdict = `ERROR ${error.message}`;
    failed += 1;
  }
  console.log(`${row.name.padEnd(32)} ${verdict}   (${row.case})`);
}
console.log(`\n${checked - failed}/${checked} pages decoded right (charset family and phrase)`);
process.exit(failed > 0 ? 1 : 0);
