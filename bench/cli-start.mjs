import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readPage, readTruth } from './lib/corpus.mjs';
import { median } from './lib/stats.mjs';

/**
 * Benchmark 9: how fast the CLI starts. CPU time (user + system, from the kernel's accounting of
 * the child: `os.wait4` in a small Python wrapper) of `pagefeed --version`, `pagefeed validate
 * feeds.yml` and `pagefeed auto --input <corpus page>`, each against `node -e 0` measured in the
 * same rounds (alternating, median of the rounds). The `auto` row's floor adds the in-process
 * extraction of the same page in a fresh process (`probes/cli-extraction.mjs`: the modules are
 * loaded first, untimed, then one generate + render is timed), the work no start-up can avoid.
 * Goal ≤ 1.5× for each. Runs the built CLI as installed: package.json's `bin`,
 * packages/cli/dist/bin.cjs (the CommonJS launcher; until the third session of issue #21 this row
 * ran dist/bin.js, the ES module launcher that `pnpm pagefeed` still imports).
 */
export const GOAL = 1.5;
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = fileURLToPath(new URL('../packages/cli/dist/bin.cjs', import.meta.url));
const PROBE = fileURLToPath(new URL('./probes/cli-extraction.mjs', import.meta.url));
const PAGE = 'feedless__03-telepolis-de';
const WAIT4 = `
import os, sys, json
pid = os.fork()
if pid == 0:
    fd = os.open(os.devnull, os.O_WRONLY)
    os.dup2(fd, 1)
    os.execvp(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(json.dumps({"status": os.waitstatus_to_exitcode(status), "cpu": (usage.ru_utime + usage.ru_stime) * 1000}))
`;

/** CPU ms of one run of `argv` (stdout discarded). */
function cpuOf(argv) {
  const result = spawnSync('python3', ['-c', WAIT4, ...argv], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`python3 wrapper failed: ${result.stderr}`);
  const { status, cpu } = JSON.parse(result.stdout.trim().split('\n').at(-1));
  if (status !== 0) throw new Error(`${argv.join(' ')} exited with ${status}: ${result.stderr.slice(0, 300)}`);
  return cpu;
}

export async function runCliStart({ quick = false } = {}) {
  const truth = readTruth(PAGE);
  readPage(truth.file);
  const pagePath = fileURLToPath(new URL(`pages/${truth.file}`, `file://${process.env.PAGEFEED_CORPUS ?? fileURLToPath(new URL('../../shared/corpus/', import.meta.url))}/`));
  const subjects = {
    node: ['node', '-e', '0'],
    version: ['node', BIN, '--version'],
    validate: ['node', BIN, 'validate', 'feeds.yml'],
    auto: ['node', BIN, 'auto', truth.url, '--input', pagePath],
  };
  const rounds = quick ? 3 : 11;
  const times = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
  const extraction = [];
  for (let round = 0; round < rounds + 1; round += 1) {
    const measured = Object.fromEntries(Object.entries(subjects).map(([name, argv]) => [name, cpuOf(argv)]));
    const probe = spawnSync('node', [PROBE, pagePath, truth.url], { cwd: ROOT, encoding: 'utf8' });
    if (probe.status !== 0) throw new Error(`extraction probe failed: ${probe.stderr.slice(0, 300)}`);
    if (round === 0) continue; // The first round fills the file cache.
    for (const [name, value] of Object.entries(measured)) times[name].push(value);
    extraction.push(JSON.parse(probe.stdout).ms);
  }
  const node = median(times.node);
  const extractMs = median(extraction);
  const row = (id, name, subject, floor, floorText) => ({
    id,
    name,
    measured: `${median(times[subject]).toFixed(0)} ms CPU`,
    floor: floorText,
    ratio: median(times[subject]) / floor,
    goal: { max: GOAL },
    note: '',
  });
  const rows = [
    row('9', 'CLI start: pagefeed --version', 'version', node, `${node.toFixed(0)} ms node -e 0`),
    row('9b', 'CLI start: pagefeed validate feeds.yml', 'validate', node, `${node.toFixed(0)} ms node -e 0`),
    row('9c', `CLI: pagefeed auto --input (${PAGE})`, 'auto', node + extractMs, `${(node + extractMs).toFixed(0)} ms = node -e 0 + extraction ${extractMs.toFixed(0)} ms`),
  ];
  rows[0].note = `CPU (user + system) of each process, median of ${rounds} rounds alternating with node -e 0; the built CLI (dist/bin.cjs); auto's extraction measured in a fresh process after its modules are loaded (cold code, as in a CLI run)`;
  return { rows };
}
