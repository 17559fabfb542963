// match.mjs — the shared scorer's list matching (../shared/tools/score-corpus.mjs `scoreList`),
// applied in-process to item drafts, so the ranking fitter can label every candidate list by its F1
// against the truth exactly as `pnpm corpus:score` scores the winner. URL and text normalisation
// are imported from the scorer itself; the matching passes below follow it step by step (it does not
// export them). Keep the two in step when the scorer changes.
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function loadMatcher(shared) {
  const scorer = await import(pathToFileURL(realpathSync(join(shared, 'tools/score-corpus.mjs'))).href);
  const { normUrl, normText } = scorer;

  /** F1 of `items` ({ url, title, text }) against a truth record, as the scorer computes it. */
  return function scoreItems(truth, items) {
    const pageKey = normUrl(truth.url);
    const entries = [];
    const keyToEntry = new Map();
    for (const u of truth.expected_urls || []) {
      const e = { kind: 'url', matched: false };
      for (const k of [u, ...((truth.alternates || {})[u] || [])].map(normUrl)) if (k && !keyToEntry.has(k)) keyToEntry.set(k, e);
      entries.push(e);
    }
    for (const t of truth.expected_titles || []) entries.push({ kind: 'title', norm: normText(t), matched: false });
    const seen = new Set();
    const out = [];
    for (const it of items) {
      const urls = (it.url ? [it.url] : []).map(normUrl).filter(Boolean);
      const title = normText(it.title || '');
      const text = normText([it.title, it.text].filter((x) => typeof x === 'string').join(' '));
      let key = urls[0];
      if (!key || key === pageKey) key = title || text ? `page:${title}|${text.slice(0, 300)}` : `page:#${out.length}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ urls, title, text, match: null });
    }
    for (const o of out) {
      for (const u of o.urls) {
        const e = keyToEntry.get(u);
        if (e && !e.matched) {
          e.matched = true;
          o.match = e;
          break;
        }
      }
    }
    const titleEntries = entries.filter((e) => e.kind === 'title');
    if (titleEntries.length) {
      const tryMatch = (pred) => {
        for (const o of out.filter((x) => !x.match)) {
          const e = titleEntries.find((x) => !x.matched && x.norm && pred(o, x));
          if (e) {
            e.matched = true;
            o.match = e;
          }
        }
      };
      tryMatch((o, e) => o.title === e.norm);
      tryMatch((o, e) => o.title && (o.title.includes(e.norm) || (o.title.length >= 6 && e.norm.includes(o.title))));
      tryMatch((o, e) => e.norm.length >= 4 && o.text.includes(e.norm));
    }
    const hit = entries.filter((e) => e.matched).length;
    const matchedOut = out.filter((o) => o.match).length;
    const target = truth.recall_target ?? entries.length;
    const P = out.length ? matchedOut / out.length : 0;
    const R = target > 0 ? Math.min(1, hit / target) : out.length === 0 ? 1 : 0;
    return P + R > 0 ? (2 * P * R) / (P + R) : 0;
  };
}
