#!/usr/bin/env python3
"""Fits the boosted-tree challenger of the DOM tier's hand leader (issue #16, eighth session).

    node corpus/fit/fit-ranking.mjs --develop-on ... --dump /tmp/candidates.json
    python3 corpus/fit/fit_ranking_trees.py /tmp/candidates.json /tmp/ranking-trees.json [--part I/N] [--folds K]
    node corpus/fit/fit-ranking-trees.mjs --develop-on ... --trees /tmp/ranking-trees.json

The learner is the one the fifth and seventh sessions judged offline
(experiments/ranking_offline.py `gbdt`, settings named before this session's data: 60 rounds,
depth 3, rate 0.1, at least 10 rows a leaf, L2 1 on leaf values): gradient-boosted regression
trees predicting F1(candidate) - F1(hand leader) for every leading candidate but the first, from
the candidate's ranking inputs and their differences from the leader's, on pages whose DOM leader
decides the page. The split search here is the same exact greedy search written column-wise
(every input sorted at once; same thresholds, same tie-breaking: first input, then first split
point), which is several times faster. Writes one model per repository (fitted on every other
repository's pages, for fit-ranking-trees.mjs's leave-one-repository-out run through the whole
cascade) and the final model fitted on every page, each tree a flat list of nodes of four numbers
(input index or -1 for a leaf, split value or leaf value, low child, high child).
Needs python3 with numpy (Debian `python3-numpy`).
"""
import json
import sys

import numpy as np

ROUNDS, RATE, DEPTH, MIN_LEAF, LAM = 60, 0.1, 3, 10, 1.0


def training_rows(pages):
    xs, ys = [], []
    for p in pages:
        x, f = p['X'], p['f']
        if not p['dom'] or len(f) < 2:
            continue
        xs.append(np.hstack([x, x - x[0]])[1:])
        ys.append(f[1:] - f[0])
    return np.vstack(xs), np.concatenate(ys)


def build_tree(x, g, nodes, order):
    """Appends one tree's nodes to `nodes` (flat, four numbers a node); returns them. `order` is
    x's stable argsort by input, one row per input (`x.T` sorted); each child keeps its parent's
    sorted rows filtered to its own (the same order as sorting the child's rows again, ties by row,
    in linear time)."""
    inputs = x.shape[1]
    xt = np.ascontiguousarray(x.T)
    offsets = (np.arange(inputs) * len(g))[:, None]

    def leaf(idx):
        nodes.append([-1, float(g[idx].sum() / (len(idx) + LAM)), 0, 0])

    def rec(idx, columns, left):
        n = len(idx)
        at = len(nodes)
        if left == 0 or n < 2 * MIN_LEAF:
            leaf(idx)
            return at
        total = g[idx].sum()
        base = total * total / (n + LAM)
        sorted_values = xt.ravel()[columns + offsets]
        cum = np.cumsum(g[columns], axis=1)
        counts = np.arange(1, n + 1)
        valid = np.zeros((inputs, n), bool)
        valid[:, :-1] = sorted_values[:, 1:] != sorted_values[:, :-1]
        valid &= (counts >= MIN_LEAF) & (counts <= n - MIN_LEAF)
        gain = np.where(valid, cum * cum / (counts + LAM) + (total - cum) ** 2 / (n - counts + LAM) - base, -1)
        k_best = gain.argmax(axis=1)
        per_input = gain[np.arange(inputs), k_best]
        j = int(per_input.argmax())
        if not valid.any() or per_input[j] <= 1e-9:
            leaf(idx)
            return at
        k = int(k_best[j])
        threshold = float((sorted_values[j, k] + sorted_values[j, k + 1]) / 2)
        nodes.append([j, threshold, 0, 0])
        goes_low = np.zeros(len(g), bool)
        goes_low[idx[x[idx, j] <= threshold]] = True
        children = []
        for side in (True, False):
            rows = idx[goes_low[idx] == side]
            children.append(rec(rows, columns[goes_low[columns] == side].reshape(inputs, len(rows)), left - 1))
        nodes[at][2], nodes[at][3] = children
        return at

    rec(np.arange(len(g)), order, DEPTH)
    return nodes


def predict(nodes, x):
    out = np.zeros(len(x))

    def rec(node, idx):
        feature, value, low, high = nodes[node]
        if feature < 0:
            out[idx] = value
            return
        mask = x[idx, feature] <= value
        rec(low, idx[mask])
        rec(high, idx[~mask])
    rec(0, np.arange(len(x)))
    return out


def fit(pages):
    x, y = training_rows(pages)
    order = np.ascontiguousarray(np.argsort(x, axis=0, kind='stable').T)
    f, trees = np.zeros(len(y)), []
    for _ in range(ROUNDS):
        nodes = build_tree(x, y - f, [], order)
        trees.append([value for node in nodes for value in node])
        f += RATE * predict(nodes, x)
    return trees


def main():
    source, target = sys.argv[1], sys.argv[2]
    # --part I/N: only every N-th repository's fold from the I-th (0-based), and the final model in
    # part 0 (two processes share the folds; fit-ranking-trees.mjs reads the parts together).
    part, parts = map(int, sys.argv[sys.argv.index('--part') + 1].split('/')) if '--part' in sys.argv else (0, 1)
    names = json.load(open(source + '.features.json'))
    pages = [p for p in json.load(open(source)) if not p['expectError']]
    for p in pages:
        p['X'] = np.array([c['x'] for c in p['candidates']]) if p['candidates'] else np.zeros((0, len(names)))
        p['f'] = np.array([c['f1'] for c in p['candidates']])
        p['dom'] = len(p['candidates']) > 0 and abs(p['rules'] - p['f'][0]) < 0.02
    repos = sorted({p['repo'] for p in json.load(open(source))})
    # --folds K: repositories in K groups (every K-th repository in sorted order), each group's
    # repositories left out together (still no page judged by a model that saw its repository;
    # K models instead of one per repository, for a loaded machine). Default: one per repository.
    k = int(sys.argv[sys.argv.index('--folds') + 1]) if '--folds' in sys.argv else len(repos)
    groups = [[repo for count, repo in enumerate(repos) if count % k == group] for group in range(k)]
    folds = {}
    for group, members in enumerate(groups):
        if group % parts != part:
            continue
        trees = fit([p for p in pages if p['repo'] not in members])
        for repo in members:
            folds[repo] = trees
        print(f'{group + 1}/{k} {", ".join(members)}', file=sys.stderr, flush=True)
    model = {'features': names + [name + '-leader' for name in names], 'rate': RATE, 'rounds': ROUNDS, 'depth': DEPTH,
             'minLeaf': MIN_LEAF, 'lambda': LAM, 'foldGroups': k, 'trainingRows': int(len(training_rows(pages)[1])), 'final': fit(pages) if part == 0 else None, 'folds': folds}
    json.dump(model, open(target, 'w'))


if __name__ == '__main__':
    main()
