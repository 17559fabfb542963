#!/usr/bin/env python3
"""Candidate ranking, seventeenth session (issue #16): what is new beside the sixteenth session's rank16.py.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,106 --dump /tmp/c.json
    python3 corpus/fit/experiments/rank17.py forward /tmp/c.json [--learner cl|challenger|both] [--bar 8] [--moves]
        forward15.py with the fifth forward set: fit on <= 95, test on 96-106 (held out last session),
        beside the four sets of rank16.py.
    python3 corpus/fit/experiments/rank17.py cv /tmp/c.json --learner challenger --folds 23 --bar 8 [--moves] [--write P]
        refit.py with batches 96-106 as the new data (before = each fold fitted without them).
    python3 corpus/fit/experiments/rank17.py timing [--step N]
        the challenger's cost, paired per page: every page extracted warm with the shipped ranking and
        with FITTED_CHALLENGER_MODEL, alternately (hand, challenger, challenger, hand after a warm-up
        of each), process CPU time; prints the medians and the median of the per-page differences.
        On a machine shared with other runs the pairing cancels most of the load that separate runs
        of corpus/tools/time-inprocess.mjs see. Needs `pnpm build` and the corpus pages.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rank16  # noqa: E402

FORWARD_SPLITS = rank16.FORWARD_SPLITS + [(95, '96-106')]


def forward(argv):
    # rank16's forward chaining with the fifth set: it reads its module's FORWARD_SPLITS when called.
    rank16.FORWARD_SPLITS = FORWARD_SPLITS
    rank16.forward(argv)


def cv(argv):
    import refit14  # noqa: F401  (installs the bar when --bar is given)
    import refit
    sys.argv = [sys.argv[0]] + argv
    refit.main(new='96-106', script='rank17.py cv')


TIMING = r"""
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
const [ROOT, SHARED, STEP] = process.argv.slice(2);
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { createAutoSource, FITTED_CHALLENGER_MODEL } = await load('packages/auto-source/dist/index.js');
const { parseHtmlSource } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const hand = createAutoSource({});
const challenger = createAutoSource({ rankingModel: FITTED_CHALLENGER_MODEL });
const handTimes = [], challengerTimes = [], differences = [];
let seen = 0;
for (const [truth, pages] of [[join(SHARED, 'corpus/truth'), join(SHARED, 'corpus/pages')], [join(ROOT, 'corpus/truth'), join(ROOT, 'corpus/pages')]]) {
  for (const name of readdirSync(truth).filter((file) => file.endsWith('.json'))) {
    const record = JSON.parse(readFileSync(join(truth, name), 'utf8'));
    const path = join(pages, record.file);
    if (!record.file.endsWith('.html') || !existsSync(path)) continue;
    if (seen++ % Number(STEP) !== 0) continue;
    const { text } = decodeBody(readFileSync(path), 'text/html');
    const once = async (source) => {
      const cpu = process.cpuUsage();
      try { await source.extract(parseHtmlSource(text, record.url), { config: { channel: { url: record.url } } }); } catch {}
      const used = process.cpuUsage(cpu);
      return (used.user + used.system) / 1000;
    };
    await once(hand);
    await once(challenger);
    const hand1 = await once(hand), challenger1 = await once(challenger), challenger2 = await once(challenger), hand2 = await once(hand);
    handTimes.push((hand1 + hand2) / 2);
    challengerTimes.push((challenger1 + challenger2) / 2);
    differences.push((challenger1 + challenger2 - hand1 - hand2) / 2);
  }
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
console.log(`${differences.length} pages: CPU median shipped ${median(handTimes).toFixed(2)} ms, challenger ${median(challengerTimes).toFixed(2)} ms; per-page difference median ${median(differences).toFixed(2)} ms, mean ${mean(differences).toFixed(2)} ms`);
"""


def timing(argv):
    step = argv[argv.index('--step') + 1] if '--step' in argv else '1'
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
    shared = os.environ.get('PAGEFEED_SHARED') or os.path.join(root, '..', 'shared')
    with tempfile.NamedTemporaryFile('w', suffix='.mjs', delete=False) as script:
        script.write(TIMING)
    try:
        subprocess.run(['node', script.name, root, os.path.abspath(shared), step], check=True)
    finally:
        os.unlink(script.name)


if __name__ == '__main__':
    {'forward': forward, 'cv': cv, 'timing': timing}[sys.argv[1]](sys.argv[2:])
