#!/usr/bin/env node
// Field scorer: how right are the title, date and link of the items auto-extraction makes, against
// the hand-written field truth in corpus/fields/*.json (first five items of every list page).
//
//   node scripts/score-fields.mjs [--corpus ../shared/corpus] [--fields corpus/fields] [--only REGEX] [--json out.json] [--verbose]
//
// `--only REGEX` scores only the pages whose name matches (one batch, e.g. batch 9's prefixes).
//
// Needs `pnpm build` first (it runs the built engine, as the CLI's `auto --input` does).
// Rule switches from the environment (ICON_TITLES=1, ROW_PERMALINKS=0, ...): corpus/tools/rule-switches.mjs.
// Reports per page and in total: title exact / acceptable, date recall (same day; one day apart
// counted apart), invented dates (a date on an item whose page shows none; an item whose truth
// records date_shown "other" shows a date the truth does not take as its own and is counted
// apart), impossible dates (any
// item of any output format before 1990 or after the build + 1 day, unless the page's text writes
// that year: an event listing's coming dates, which issue 17 allows, are counted apart as "future
// dates the page states", and a year before 1990 the page prints — a book's publication — as "past
// dates the page states"; the epoch instant 1970-01-01T00:00:00Z is always impossible), items whose page shows a
// permalink but that link to the page itself, and lists where every item links to the page.
import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleSwitches } from '../corpus/tools/rule-switches.mjs';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { createEngine, parseFeedConfig } = await import(join(ROOT, 'packages/core/dist/index.js'));
const { createAutoSource } = await import(join(ROOT, 'packages/auto-source/dist/index.js'));
const { createStrategies, decodeBody } = await import(join(ROOT, 'packages/fetchers/dist/index.js'));

const args = parseArgs(process.argv.slice(2));
const corpus = resolve(args.corpus ?? join(ROOT, '../shared/corpus'));
const fieldsDir = resolve(args.fields ?? join(ROOT, 'corpus/fields'));
const DAY = 86_400_000;
const now = Date.now();

const engine = createEngine({ strategies: createStrategies({}), autoSource: createAutoSource(ruleSwitches()) });
const only = args.only === undefined ? undefined : new RegExp(args.only);
const files = (await readdir(fieldsDir)).filter((file) => file.endsWith('.json') && (!only || only.test(file.slice(0, -5)))).sort();
const pages = [];
for (const file of files) pages.push(await scorePage(JSON.parse(await readFile(join(fieldsDir, file), 'utf8'))));

const total = sum(pages.map((page) => page.counts));
for (const page of pages) {
  const c = page.counts;
  console.log(`${page.page.padEnd(44)} found ${c.found}/${c.items}  title ${c.titleExact}/${c.titleAcceptable}  date ${c.dateSameDay}+${c.dateOneDay}/${c.dated}  invented ${c.invented}  impossible ${c.impossible}  to-page ${c.linkToPage}${page.error ? `  ERROR ${page.error}` : ''}${page.allToPage ? '  ALL-TO-PAGE' : ''}`);
  if (args.verbose) for (const line of page.details) console.log(`    ${line}`);
  if (args.verbose && c.futureStated) console.log(`    ${c.futureStated} future dates in the outputs whose year the page writes (not counted as impossible)`);
  if (args.verbose && c.pastStated) console.log(`    ${c.pastStated} dates before 1990 in the outputs whose year the page writes (not counted as impossible)`);
}
const rate = (part, whole) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);
console.log('\ntotal');
console.log(`  items with truth          ${total.items} on ${pages.length} pages; found ${total.found}`);
console.log(`  titles exact              ${total.titleExact}/${total.items} = ${rate(total.titleExact, total.items)}`);
console.log(`  titles acceptable         ${total.titleAcceptable}/${total.items} = ${rate(total.titleAcceptable, total.items)}`);
console.log(`  date recall (same day)    ${total.dateSameDay}/${total.dated} = ${rate(total.dateSameDay, total.dated)}`);
console.log(`  date one day apart        ${total.dateOneDay}/${total.dated}`);
console.log(`  of the items found (list choice apart): titles acceptable ${total.titleAcceptable}/${total.found} = ${rate(total.titleAcceptable, total.found)}, date recall ${total.dateSameDay}/${total.datedFound} = ${rate(total.dateSameDay, total.datedFound)}`);
console.log(`  invented dates            ${total.invented}`);
console.log(`  dates on items whose shown date the truth does not take (date_shown "other") ${total.otherDate ?? 0}`);
console.log(`  impossible dates (all items, all formats) ${total.impossible}`);
console.log(`  future dates whose year the page writes (all formats; allowed, issue 17) ${total.futureStated}`);
console.log(`  dates before 1990 whose year the page writes (all formats; allowed, issue 17) ${total.pastStated ?? 0}`);
console.log(`  items linking to the page although the page links them   ${total.linkToPage}`);
console.log(`  lists where every item links to the page                 ${pages.filter((page) => page.allToPage).length}`);
if (args.json) {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(args.json, JSON.stringify({ total, pages }, null, 2));
}

async function scorePage(truth) {
  const record = JSON.parse(await readFile(join(corpus, 'truth', `${truth.page}.json`), 'utf8'));
  const counts = { items: truth.items.length, found: 0, titleExact: 0, titleAcceptable: 0, dated: 0, dateSameDay: 0, dateOneDay: 0, datedFound: 0, invented: 0, otherDate: 0, impossible: 0, futureStated: 0, pastStated: 0, linkToPage: 0 };
  for (const item of truth.items) if (item.date) counts.dated += 1;
  const details = [];
  let feed;
  let documents;
  let pageText = '';
  try {
    const bytes = await readFile(join(corpus, 'pages', record.file));
    const { text } = decodeBody(bytes, 'text/html');
    pageText = visibleText(text);
    const config = parseFeedConfig({ channel: { url: record.url }, auto_source: true }, { path: 'score-fields' });
    const source = { url: record.url, status: 200, headers: { 'content-type': 'text/html' }, body: text, contentType: 'text/html' };
    feed = (await engine.generate(config, { source, now })).feed;
    documents = ['rss', 'atom', 'json'].map((format) => engine.render(feed, format));
  } catch (error) {
    return { page: truth.page, counts, details, error: `${error.code ?? ''} ${error.message}`.trim(), allToPage: false };
  }
  const outside = impossibleDates(documents, pageText);
  counts.impossible = outside.impossible;
  counts.futureStated = outside.futureStated;
  counts.pastStated = outside.pastStated;
  const pageUrl = record.url;
  const alternates = record.alternates ?? {};
  const used = new Set();
  for (const expected of truth.items) {
    const links = expected.link ? [expected.link, ...(alternates[expected.link] ?? [])].map(urlKey) : [];
    let output = feed.items.find((item, index) => !used.has(index) && item.url && links.includes(urlKey(item.url)));
    if (!output) output = feed.items.find((item, index) => !used.has(index) && item.title && titleMatches(item.title, expected));
    if (!output) {
      details.push(`MISSING ${expected.title}`);
      continue;
    }
    used.add(feed.items.indexOf(output));
    counts.found += 1;
    const exact = norm(output.title ?? '') === norm(expected.title);
    const acceptable = exact || titleMatches(output.title ?? '', expected);
    if (exact) counts.titleExact += 1;
    if (acceptable) counts.titleAcceptable += 1;
    const date = output.published_at ?? output.updated_at;
    let dateNote = date ? date.toISOString().slice(0, 10) : '-';
    if (expected.date) {
      counts.datedFound += 1;
      const days = date ? [expected.date, ...(expected.other_dates ?? [])].map((day) => Math.abs(Date.parse(`${day}T12:00:00Z`) - date.getTime())) : [];
      const best = days.length ? Math.min(...days) : Infinity;
      if (best <= 0.5 * DAY + 14 * 3_600_000 && sameDayAnyZone(date, expected)) counts.dateSameDay += 1;
      else if (best <= 1.5 * DAY + 14 * 3_600_000) (counts.dateOneDay += 1, (dateNote += ' (1 day off)'));
      else dateNote += ` (want ${expected.date})`;
    } else if (date && expected.date_shown === 'none') {
      counts.invented += 1;
      dateNote += ' INVENTED';
    } else if (date && expected.date_shown === 'other') {
      // The item shows a date the truth does not take as its own (a product's release, the same
      // link's time in another list of the page): not invented, not recalled; counted apart.
      counts.otherDate += 1;
      dateNote += ' (a date the page shows, not the truth\'s kind)';
    }
    const toPage = expected.link && output.url && urlKey(output.url) === urlKey(pageUrl);
    if (toPage) counts.linkToPage += 1;
    details.push(`${acceptable ? (exact ? 'ok   ' : 'okish') : 'BAD  '} ${JSON.stringify(output.title ?? '')}${acceptable && exact ? '' : ` want ${JSON.stringify(expected.title)}`}  date ${dateNote}${toPage ? '  LINKS TO PAGE' : ''}`);
  }
  const pageHasPermalinks = truth.items.some((item) => item.link);
  const allToPage = pageHasPermalinks && feed.items.length > 1 && feed.items.every((item) => !item.url || urlKey(item.url) === urlKey(pageUrl));
  return { page: truth.page, counts, details, allToPage };
}

/** A date on the page's day in some zone from UTC-12 to UTC+14 counts as the same day. */
function sameDayAnyZone(date, expected) {
  const days = [expected.date, ...(expected.other_dates ?? [])];
  for (let offset = -12; offset <= 14; offset += 1) {
    if (days.includes(new Date(date.getTime() + offset * 3_600_000).toISOString().slice(0, 10))) return true;
  }
  return false;
}

/**
 * Dates written in any format that are before 1990 or more than a day after the build. A future
 * date whose year the page's visible text writes (an event calendar's coming meetings: issue 17's
 * "unless the page says so") is counted apart as `futureStated`, not as impossible.
 */
function impossibleDates(documents, pageText) {
  const found = [];
  for (const document of documents) {
    for (const match of document.matchAll(/<(pubDate|lastBuildDate|updated|published)>([^<]+)</g)) found.push(Date.parse(match[2]));
    for (const match of document.matchAll(/"date_(?:published|modified)":\s*"([^"]+)"/g)) found.push(Date.parse(match[1]));
  }
  const years = new Set(pageText.match(/(?<!\d)(?:1[0-9]|20)\d{2}(?!\d)/g) ?? []);
  let impossible = 0;
  let futureStated = 0;
  let pastStated = 0;
  for (const time of found) {
    if (!Number.isNaN(time) && time >= Date.UTC(1990, 0, 1) && time <= now + DAY) continue;
    const stated = !Number.isNaN(time) && years.has(String(new Date(time).getUTCFullYear()));
    if (stated && time > now + DAY) futureStated += 1;
    // A year before 1990 that the page prints (a book's publication, a film's release): the page
    // says so, so it is not impossible — but the Unix epoch itself (1970-01-01T00:00:00Z), the
    // value of a missing date, always is.
    else if (stated && time < Date.UTC(1990, 0, 1) && time !== 0) pastStated += 1;
    else impossible += 1;
  }
  return { impossible, futureStated, pastStated };
}

/** The page's text as a reader sees it: no scripts, styles or tags. */
function visibleText(html) {
  return html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>/g, ' ');
}

function titleMatches(title, expected) {
  const candidates = [expected.title, ...(expected.acceptable_titles ?? [])].map(loose);
  const got = loose(title);
  return got !== '' && candidates.includes(got);
}

/** Exact comparison: whitespace and Unicode normalisation only. */
function norm(text) {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Acceptable comparison: also case, quote styles, and a trailing ellipsis or punctuation. */
function loose(text) {
  return norm(text).toLowerCase().replace(/[“”„«»"]/g, '"').replace(/[‘’‚']/g, "'").replace(/[\s.…:;,!?↦]+$/u, '').trim();
}

function urlKey(url) {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href.replace(/\/$/, '').replace(/^http:/, 'https:');
  } catch {
    return url;
  }
}

function sum(list) {
  const result = {};
  for (const counts of list) for (const [key, value] of Object.entries(counts)) result[key] = (result[key] ?? 0) + value;
  return result;
}

function parseArgs(argv) {
  const result = {};
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--verbose') result.verbose = true;
    else if (arg.startsWith('--')) result[arg.slice(2)] = argv[(index += 1)];
  }
  return result;
}
