#!/usr/bin/env python3
"""Forward chaining for the candidate ranking (issue #16, fifteenth session): a learner is fitted on
the pages written before a session's held-out set and judged on that set alone, the way a fit meets
unseen pages — not leave-one-repository-out, where a fold's test pages are as old as its training.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,84 --dump /tmp/c.json
    python3 corpus/fit/experiments/forward15.py /tmp/c.json [--learner cl|challenger|both] [--moves] [--bar 8]

Splits (the last three sessions' held-out sets): fit on the public corpus and own batches <= 50, test
on 51-60; <= 60 -> 61-73; <= 73 -> 74-84. A test page is scored with ranking_offline's proxy (the
chosen candidate's F1 where the DOM leader decides the page, the cascade's score otherwise), beside
the hand score on the same pages. --bar keeps refit14's bar (a challenger under the DOM tier's bar
never replaces a leader at or above it).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import batches  # noqa: E402
import refit  # noqa: E402
import refit14  # noqa: E402,F401  (installs the bar on refit.challenger_choice when --bar is given)
from ranking_offline import cl_choice, evaluate, fit_challenger, fit_cl, load  # noqa: E402

SPLITS = [(50, '51-60'), (60, '61-73'), (73, '74-84')]


def batch_of(name):
    """The own page's batch number (pages of no listed batch are batches 1-9: 9)."""
    prefix = name.split('__')[0]
    for number, prefixes in batches.BY_BATCH.items():
        if prefix in prefixes:
            return number
    return 9


def learners(kind, hand_gap):
    out = {}
    if kind in ('cl', 'both'):
        out['conditional logit L2 20'] = (lambda train: fit_cl(train, 20, hand_gap), cl_choice())
    if kind in ('challenger', 'both'):
        for threshold in (0.5, 0.7, 0.9):
            out[f'challenger L2 10, p > {threshold}'] = (lambda train: fit_challenger(train, 10), refit.challenger_choice(threshold))
    return out


def main():
    pages = load(sys.argv[1])
    hand_gap = json.load(open(sys.argv[1] + '.features.json')).index('handGap')
    kind = sys.argv[sys.argv.index('--learner') + 1] if '--learner' in sys.argv else 'both'
    for p in pages:
        p['batch'] = batch_of(p['page']) if p['corpus'] == 'own' else 0
    chosen = learners(kind, hand_gap)
    for last, test_name in SPLITS:
        first_test, last_test = batches.span(test_name)
        train = [p for p in pages if p['batch'] <= last]
        test = [p for p in pages if first_test <= p['batch'] <= last_test]
        hand = evaluate(test, lambda p: 0)['own']
        print(f'fit on <= {last} ({len(train)} pages), test {test_name} ({len(test)} list pages): hand {hand}', flush=True)
        fitted = {}
        for label, (fitter, chooser) in chosen.items():
            model = fitted.setdefault(label.split(',')[0], fitter(train))
            choice = {p['page']: (chooser(model, p) if len(p['f']) >= 2 else 0) for p in test}
            result = evaluate(test, lambda p, c=choice: c[p['page']])['own']
            up, down = refit.moves(test, choice)
            high = [m for m in down if m[2] >= 0.8]
            print(f'   {label}: {result}; up {len(up)} pages / {len({m[1] for m in up})} repos, down {len(down)} / {len({m[1] for m in down})} ({len(high)} from >= 0.8)', flush=True)
            if '--moves' in sys.argv:
                for m in up:
                    print('      up', *m)
                for m in down:
                    print('      down', *m)


if __name__ == '__main__':
    main()
