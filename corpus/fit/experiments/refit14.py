#!/usr/bin/env python3
"""The ranking refitted with batches 61-73 in the data (issue #16, fourteenth session): refit.py with
batches 61-73, held out last session, as the new data, and a bar for the challenger.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,73 --dump /tmp/c.json
    python3 corpus/fit/experiments/refit14.py /tmp/c.json [--learner cl|challenger] [--folds N] [--moves]
    python3 corpus/fit/experiments/refit14.py /tmp/c.json --learner challenger --bar 8 ...   (new: a challenger
        whose hand score is under the DOM tier's bar never replaces a leader at or above it)
    python3 corpus/fit/experiments/refit14.py /tmp/c.json --write P   (refit.py's --write, with the bar as
        the model's minScore when --bar is given)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402
import ranking_offline  # noqa: E402
import refit  # noqa: E402


def write_model(pages, names, threshold, new, script):
    """refit.py's writer, then the bar as the model's minScore."""
    refit_write(pages, names, threshold, new, script)
    path = __file__.rsplit('/', 4)[0] + '/packages/auto-source/src/dom/ranking-challenger-model.ts'
    text = open(path).read()
    if '--bar' in sys.argv:
        bar = float(sys.argv[sys.argv.index('--bar') + 1])
        text = text.replace(f'  threshold: {threshold},\n', f'  threshold: {threshold},\n  minScore: {bar:g},\n')
    open(path, 'w').write(text)


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


offline_challenger_choice = refit.challenger_choice
if '--bar' in sys.argv:
    refit.challenger_choice = lambda threshold: challenger_choice_above_bar(threshold, float(sys.argv[sys.argv.index('--bar') + 1]))
refit_write = refit.write_model
refit.write_model = write_model

if __name__ == '__main__':
    refit.main('61-73', 'refit14.py')
