/**
 * Escape probe (`node bench/probes/escape.mjs`): what writing item HTML costs in the XML formats,
 * over the strings of benchmark 1's five feeds. Times, per round of all strings, the entity
 * escaping the RSS/Atom writers used before the fourth round (three `replace` passes) against the
 * CDATA section they write now, and checks that every CDATA section timed here is in core's own
 * rendered RSS, so the probe measures what core writes. Prints one JSON line.
 */
import { loadFeedConfig } from '@pagefeed/core';
import { fetchResult, readPage, readTruth, selectorConfigs } from '../lib/corpus.mjs';
import { createBenchEngine } from '../lib/engine.mjs';
import { median } from '../lib/stats.mjs';

const engine = createBenchEngine();
const payloads = [];
let checked = 0;
for (const { name, yaml } of selectorConfigs()) {
  const truth = readTruth(name);
  const { feed } = await engine.generate(loadFeedConfig(yaml, { env: {} }), { source: fetchResult(readPage(truth.file), truth.url) });
  const rss = engine.render(feed, 'rss');
  for (const item of feed.items) {
    for (const html of [item.description ?? item.content, item.content]) {
      if (html === undefined) continue;
      payloads.push(html);
      if (/[&<>]/.test(html)) {
        if (!rss.includes(cdata(html))) throw new Error(`${name}: core's RSS does not hold the CDATA form of an item's HTML`);
        checked += 1;
      }
    }
  }
}

/** The writers' escaping before the fourth round. */
function escaped(value) {
  return /[&<>]/.test(value) ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : value;
}

/** The CDATA form core writes now (the payloads here hold no characters XML forbids). */
function cdata(value) {
  if (!/[&<>]/.test(value)) return value;
  return `<![CDATA[${value.includes(']]>') ? value.replaceAll(']]>', ']]]]><![CDATA[>') : value}]]>`;
}

function roundMs(transform) {
  const started = performance.now();
  let sink = 0;
  for (const payload of payloads) {
    const written = transform(payload);
    sink += written.charCodeAt(written.length >> 1); // flatten, as writing the document does
  }
  if (Number.isNaN(sink)) throw new Error('unreachable');
  return performance.now() - started;
}

const times = { escaped: [], cdata: [] };
for (let round = 0; round < 350; round += 1) {
  const order = round % 2 === 0 ? ['escaped', 'cdata'] : ['cdata', 'escaped'];
  for (const form of order) {
    const ms = roundMs(form === 'escaped' ? escaped : cdata);
    if (round >= 50) times[form].push(ms);
  }
}
const characters = payloads.reduce((total, payload) => total + payload.length, 0);
const bytes = (transform) => payloads.reduce((total, payload) => total + Buffer.byteLength(transform(payload)), 0);
console.log(JSON.stringify({
  payloads: payloads.length,
  characters,
  checkedInCoreOutput: checked,
  escapedMsPerRound: Number(median(times.escaped).toFixed(3)),
  cdataMsPerRound: Number(median(times.cdata).toFixed(3)),
  escapedBytes: bytes(escaped),
  cdataBytes: bytes(cdata),
}));
