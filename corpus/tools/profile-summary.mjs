#!/usr/bin/env node
// profile-summary.mjs — a CPU profile's shares (from `node --cpu-prof`, or a JSON array of inspector
// profiles): self time by function and by file, and inclusive (total) time by function, each
// function counted once per stack. --callers NAME splits NAME's time by its caller, --callees NAME
// by what it called.
//
//   node --cpu-prof --cpu-prof-dir /tmp/prof corpus/tools/time-inprocess.mjs
//   node corpus/tools/profile-summary.mjs /tmp/prof/CPU.*.cpuprofile [N] [--callers NAME] [--callees NAME]
import { readFileSync } from 'node:fs';
const args = process.argv.slice(2);
const raw = JSON.parse(readFileSync(args[0], 'utf8'));
const profiles = Array.isArray(raw) ? raw : [raw];
const N = Number(args[1] ?? 40);
const short = (url) => url.replace(/^.*\/(packages|node_modules)\//, '$1/').replace(/^file:\/\/.*\/tools\//, 'tools/');
const key = (n) => `${n.callFrame.functionName || '(anon)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
/** Each profile's nodes by id, each node's parent, and the sampled time of each node — read once. */
const readProfile = (profile) => {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  return { nodes, parent, self };
};
const read = profiles.map(readProfile);
const total = read.reduce((sum, { self }) => sum + [...self.values()].reduce((a, b) => a + b, 0), 0);
const rows = (m) => { for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, N)) console.log(`${(100 * t / total).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(6)} ms  ${k}`); };
const bySelf = new Map(); const byFile = new Map(); const incl = new Map();
for (const { nodes, parent, self } of read) {
  for (const [id, t] of self) {
    const n = nodes.get(id); const k = key(n);
    bySelf.set(k, (bySelf.get(k) ?? 0) + t);
    const f = short(n.callFrame.url) || n.callFrame.functionName;
    byFile.set(f, (byFile.get(f) ?? 0) + t);
    const seen = new Set(); let cur = id;
    while (cur !== undefined) { const kk = key(nodes.get(cur)); if (!seen.has(kk)) { seen.add(kk); incl.set(kk, (incl.get(kk) ?? 0) + t); } cur = parent.get(cur); }
  }
}
const show = (title, m) => { console.log(`== ${title} (total ${(total / 1000).toFixed(0)} ms)`); rows(m); };
show('self by function', bySelf); show('self by file', byFile); show('inclusive', incl);
// --callers NAME: inclusive time of NAME split by its calling function
const ci = args.indexOf('--callers');
if (ci >= 0) {
  const want = args[ci + 1];
  const byCaller = new Map(); let all = 0;
  for (const { nodes, parent, self } of read) {
    for (const [id, t] of self) {
      // outermost frame named NAME on the stack, and its caller
      let cur = id; let hit;
      while (cur !== undefined) { if (nodes.get(cur).callFrame.functionName === want) hit = cur; cur = parent.get(cur); }
      if (hit === undefined) continue;
      const p = parent.get(hit); const k = p === undefined ? '(none)' : key(nodes.get(p));
      byCaller.set(k, (byCaller.get(k) ?? 0) + t); all += t;
    }
  }
  console.log(`== callers of ${want} (${(all / 1000).toFixed(0)} ms)`);
  rows(byCaller);
}
// --callees NAME: inclusive time under NAME (innermost occurrence) split by the function it called (or self)
const ce = args.indexOf('--callees');
if (ce >= 0) {
  const want = args[ce + 1];
  const byCallee = new Map(); let all = 0;
  for (const { nodes, parent, self } of read) {
    for (const [id, t] of self) {
      let cur = id; let below = '(self)'; let found = false;
      while (cur !== undefined) { const n = nodes.get(cur); if (n.callFrame.functionName === want) { found = true; break; } below = key(n); cur = parent.get(cur); }
      if (!found) continue;
      byCallee.set(below, (byCallee.get(below) ?? 0) + t); all += t;
    }
  }
  console.log(`== callees of ${want} (${(all / 1000).toFixed(0)} ms)`);
  rows(byCallee);
}
