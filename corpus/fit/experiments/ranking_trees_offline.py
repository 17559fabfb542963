#!/usr/bin/env python3
"""Offline proxy of fit-ranking-trees.mjs's held-out figure (issue #16, eighth session).

    python3 corpus/fit/experiments/ranking_trees_offline.py DUMP TREES[,TREES2] [--without NAME,...]

DUMP is fit-ranking.mjs's `--dump` (with its `.features.json`), TREES the parts written by
corpus/fit/fit_ranking_trees.py from the same dump. Every list page is scored with the candidate
its repository's fold model chooses (switch at predicted gain > 0.1 and > 0.2) when the DOM leader
decides the page, else with the cascade's score (as experiments/ranking_offline.py does), and
the pages and repositories moved up and down are printed. Used to judge new ranking inputs before
the cascade run; the cascade's figure is the one that counts.
"""
import json
import sys

import numpy as np


def gains(model, x, names):
    rows = np.hstack([x, x - x[0]])[1:]
    index = {name: i for i, name in enumerate(names + [n + '-leader' for n in names])}
    cols = [index[name] for name in model['features']]
    rows = rows[:, cols]
    total = np.zeros(len(rows))
    for tree in model['trees']:
        for r in range(len(rows)):
            node = 0
            while tree[node] >= 0:
                node = 4 * int(tree[node + 2] if rows[r, int(tree[node])] <= tree[node + 1] else tree[node + 3])
            total[r] += tree[node + 1]
    return total * model['rate']


def main():
    source, trees_files = sys.argv[1], sys.argv[2].split(',')
    names = json.load(open(source + '.features.json'))
    parts = [json.load(open(f)) for f in trees_files]
    folds = {repo: trees for part in parts for repo, trees in part['folds'].items()}
    features, rate = parts[0]['features'], parts[0]['rate']
    pages = [p for p in json.load(open(source)) if not p['expectError']]
    for threshold in (0.1, 0.2):
        out, moved = {'own': [], 'public': []}, []
        for p in pages:
            f = [c['f1'] for c in p['candidates']]
            dom = len(f) > 0 and abs(p['rules'] - f[0]) < 0.02
            score = p['rules']
            if dom and len(f) >= 2:
                g = gains({'features': features, 'rate': rate, 'trees': folds[p['repo']]}, np.array([c['x'] for c in p['candidates']]), names)
                j = int(np.argmax(g))
                if g[j] > threshold:
                    score = f[j + 1]
                    if abs(score - f[0]) > 0.005:
                        moved.append((p['page'], p['repo'], round(f[0], 3), round(score, 3)))
            out[p['corpus']].append(score)
        hand = {c: [p['rules'] for p in pages if p['corpus'] == c] for c in ('own', 'public')}
        summary = {c: (round(float(np.mean(v)), 4), int(sum(s >= 0.8 for s in v)), len(v)) for c, v in out.items()}
        print(f'gain > {threshold}: {summary} (hand: { {c: (round(float(np.mean(v)), 4), int(sum(s >= 0.8 for s in v))) for c, v in hand.items()} })')
        up = [m for m in moved if m[3] > m[2]]
        down = [m for m in moved if m[3] < m[2]]
        print(f'  up {len(up)} pages / {len({m[1] for m in up})} repositories; down {len(down)} / {len({m[1] for m in down})}; from >= 0.8 down {sum(m[2] >= 0.8 for m in down)}')
        for m in moved:
            print('   ', m)


if __name__ == '__main__':
    main()
