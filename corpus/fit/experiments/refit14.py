#!/usr/bin/env python3
"""The ranking refitted with batches 61-73 in the data (issue #16, fourteenth session): refit13.py
with batches 61-73, held out last session, as the new data; everything else is refit13's
(its output's "batches 51-60" labels name the new batches, here 61-73).

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,73 --dump /tmp/c.json
    python3 corpus/fit/experiments/refit14.py /tmp/c.json [--learner cl|challenger] [--folds N] [--moves]
    python3 corpus/fit/experiments/refit14.py /tmp/c.json --learner challenger --bar 8 ...   (new: a challenger
        whose hand score is under the DOM tier's bar never replaces a leader at or above it)
    python3 corpus/fit/experiments/refit14.py /tmp/c.json --write P   (refit13's --write, the file's header
        naming this session's data: batches 1-73 and the public corpus)
"""
import re
import sys

sys.path.insert(0, __file__.rsplit('/', 1)[0])
import numpy as np  # noqa: E402
import ranking_offline  # noqa: E402
import refit13  # noqa: E402
from another_block14 import BATCHES_61_73  # noqa: E402

refit13.NEW = re.compile(BATCHES_61_73)


def write_model(pages, names, threshold):
    """refit13's writer, then its header's data and section named for this session."""
    refit13_write(pages, names, threshold)
    path = __file__.rsplit('/', 4)[0] + '/packages/auto-source/src/dom/ranking-challenger-model.ts'
    text = open(path).read()
    if '--bar' in sys.argv:
        bar = float(sys.argv[sys.argv.index('--bar') + 1])
        text = text.replace(f'  threshold: {threshold},\n', f'  threshold: {threshold},\n  minScore: {bar:g},\n')
    text = text.replace('refit13.py --write', 'refit14.py --write').replace('batches 1-50 and the public corpus', 'batches 1-73 and the public corpus')
    open(path, 'w').write(text.replace('"Thirteenth session: candidate ranking"', '"Fourteenth session: candidate ranking"'))


def challenger_choice_above_bar(threshold, bar):
    """ranking_offline's challenger chooser, with candidates under the DOM tier's bar (hand score) out
    of the contest while the hand leader is at or above it: such a list would fail the tier's bar and
    leave the page to the failure classifier."""
    plain = offline_challenger_choice(threshold)

    def choose(model, p):
        hands = [c['hand'] for c in p['candidates']]
        if hands[0] < bar or all(h >= bar for h in hands):
            return plain(model, p)
        z = np.hstack([ranking_offline.clip((ranking_offline.pair_rows(p) - model['mu']) / model['sd']), np.ones((len(p['f']) - 1, 1))])
        pr = 1 / (1 + np.exp(-z @ model['w']))
        pr[[h < bar for h in hands[1:]]] = 0
        j = int(np.argmax(pr))
        return j + 1 if pr[j] > threshold else 0
    return choose


offline_challenger_choice = refit13.challenger_choice
if '--bar' in sys.argv:
    refit13.challenger_choice = lambda threshold: challenger_choice_above_bar(threshold, float(sys.argv[sys.argv.index('--bar') + 1]))
refit13_write = refit13.write_model
refit13.write_model = write_model

if __name__ == '__main__':
    refit13.main()
