#!/usr/bin/env python3
"""Offline ranking experiments on the DOM tier's candidates (issue #16, fifth session).

    node corpus/fit/fit-ranking.mjs --dump /tmp/candidates.json
    python3 corpus/fit/experiments/ranking_offline.py /tmp/candidates.json [cl|margin|challenger|gbdt ...]

Needs python3 with numpy (Debian `python3-numpy`); nothing here ships. Every learner is judged by
leave-one-repository-out: for each repository, a model is fitted on the pages of all others and
chooses one of the 12 leading candidates (by hand score) on that repository's pages. The page's
score is then the F1 of the chosen candidate when the DOM tier's leader decides the page (its
cascade score equals the leader's F1), else the cascade score (structured tiers, the article gate):
a proxy of `fit-ranking.mjs`'s held-out figure, which runs the whole cascade (the proxy gives the
same hand-score and conditional-logit figures to within 0.005).

Learners:
  cl          the shipped conditional logit (softmax over a page's candidates, L2, hand gap unpenalised)
  margin      the same, but the hand leader is replaced only when the fitted utility beats it by tau
  challenger  an L2 logistic model of "candidate j beats the hand leader by > 0.2 F1", on the
              candidate's inputs and their difference from the leader's; switch when p > threshold
  gbdt        gradient-boosted regression trees (depth 3) predicting F1(j) - F1(leader) from the same
              inputs; switch to the best predicted challenger when its gain exceeds tau
"""
import json
import sys

import numpy as np


def load(path):
    pages = [p for p in json.load(open(path)) if not p['expectError']]
    for p in pages:
        p['X'] = np.array([c['x'] for c in p['candidates']]) if p['candidates'] else np.zeros((0, 36))
        p['f'] = np.array([c['f1'] for c in p['candidates']])
        # The DOM leader decides the page when the cascade's score is the leader's F1.
        p['dom'] = len(p['candidates']) > 0 and abs(p['rules'] - p['f'][0]) < 0.02
    return pages


def page_score(p, choice):
    return p['f'][choice] if p['dom'] else p['rules']


def evaluate(pages, choose):
    out = {}
    for corpus in ('own', 'public'):
        scores = [page_score(p, choose(p)) for p in pages if p['corpus'] == corpus]
        out[corpus] = (round(float(np.mean(scores)), 4), int(sum(s >= 0.8 for s in scores)))
    return out


def clip(z):
    return np.clip(z, -3, 3)


def loro(pages, fitter, choosers):
    """One fit per held-out repository; every chooser (label -> chooser) judged on that fold."""
    choices = {label: {} for label in choosers}
    for repo in sorted({p['repo'] for p in pages}):
        model = fitter([p for p in pages if p['repo'] != repo])
        for p in pages:
            if p['repo'] == repo:
                for label, chooser in choosers.items():
                    choices[label][p['page']] = chooser(model, p) if len(p['f']) >= 2 else 0
    return {label: (evaluate(pages, lambda p, c=choice: c[p['page']]), choice) for label, choice in choices.items()}


# --- conditional logit ---------------------------------------------------------------------
def fit_cl(train, lam=20, hand_gap=17):
    groups = []
    for p in train:
        if len(p['f']) < 2:
            continue
        best, worst = p['f'].max(), p['f'].min()
        if best < 0.5 or best - worst < 0.05:
            continue
        t = (p['f'] >= best - 0.01).astype(float)
        groups.append((p['X'], t / t.sum()))
    rows = np.vstack([g[0] for g in groups])
    mu, sd = rows.mean(0), rows.std(0)
    sd[sd == 0] = 1
    zs = [clip((g[0] - mu) / sd) for g in groups]
    ts = [g[1] for g in groups]
    pen = np.full(rows.shape[1], float(lam))
    pen[hand_gap] = 1e-3
    w = np.zeros(rows.shape[1])

    def objective(w):
        total = 0.0
        for z, t in zip(zs, ts):
            u = z @ w
            m = u.max()
            total -= (t * (u - (m + np.log(np.exp(u - m).sum())))).sum()
        return total + 0.5 * (pen * w * w).sum()

    current = objective(w)
    for _ in range(60):
        g = pen * w
        h = np.diag(pen)
        for z, t in zip(zs, ts):
            u = z @ w
            e = np.exp(u - u.max())
            pr = e / e.sum()
            g += z.T @ (pr - t)
            zc = z - pr @ z
            h += (zc * pr[:, None]).T @ zc
        step = np.linalg.solve(h, g)
        scale = 1.0
        for _ in range(30):
            nxt = w - scale * step
            value = objective(nxt)
            if value <= current:
                break
            scale /= 2
        if not value <= current:
            break
        done = current - value < 1e-10
        w, current = nxt, value
        if done:
            break
    return dict(w=w, mu=mu, sd=sd)


def cl_utility(model, p):
    return clip((p['X'] - model['mu']) / model['sd']) @ model['w']


def cl_choice(tau=None):
    def choose(model, p):
        u = cl_utility(model, p)
        j = int(np.argmax(u))
        return j if tau is None or u[j] - u[0] > tau else 0
    return choose


# --- challenger: candidate j against the hand leader ---------------------------------------
def pair_rows(p):
    return np.hstack([p['X'], p['X'] - p['X'][0]])[1:]


def challenger_data(train, binary):
    xs, ys = [], []
    for p in train:
        if not p['dom'] or len(p['f']) < 2:
            continue
        xs.append(pair_rows(p))
        gain = p['f'][1:] - p['f'][0]
        ys.append((gain > 0.2).astype(float) if binary else gain)
    return np.vstack(xs), np.concatenate(ys)


def fit_challenger(train, lam=10):
    x, y = challenger_data(train, True)
    mu, sd = x.mean(0), x.std(0)
    sd[sd == 0] = 1
    z = np.hstack([clip((x - mu) / sd), np.ones((len(x), 1))])
    pen = np.full(z.shape[1], float(lam))
    pen[-1] = 1e-3
    w = np.zeros(z.shape[1])
    for _ in range(50):
        pr = 1 / (1 + np.exp(-z @ w))
        step = np.linalg.solve((z * (pr * (1 - pr))[:, None]).T @ z + np.diag(pen), z.T @ (pr - y) + pen * w)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return dict(w=w, mu=mu, sd=sd)


def challenger_choice(threshold):
    def choose(model, p):
        z = np.hstack([clip((pair_rows(p) - model['mu']) / model['sd']), np.ones((len(p['f']) - 1, 1))])
        pr = 1 / (1 + np.exp(-z @ model['w']))
        j = int(np.argmax(pr))
        return j + 1 if pr[j] > threshold else 0
    return choose


# --- gradient-boosted regression trees ------------------------------------------------------
def build_tree(x, g, depth, min_leaf, lam):
    def rec(idx, left):
        total, n = g[idx].sum(), len(idx)
        if left == 0 or n < 2 * min_leaf:
            return ('leaf', total / (n + lam))
        base, best = total * total / (n + lam), None
        for j in range(x.shape[1]):
            values = x[idx, j]
            order = np.argsort(values, kind='stable')
            sorted_values = values[order]
            cum = np.cumsum(g[idx][order])
            counts = np.arange(1, n + 1)
            valid = (counts >= min_leaf) & (counts <= n - min_leaf) & np.r_[sorted_values[1:] != sorted_values[:-1], False]
            if not valid.any():
                continue
            gain = np.where(valid, cum * cum / (counts + lam) + (total - cum) ** 2 / (n - counts + lam) - base, -1)
            k = int(np.argmax(gain))
            if gain[k] > 1e-9 and (best is None or gain[k] > best[0]):
                best = (gain[k], j, (sorted_values[k] + sorted_values[k + 1]) / 2)
        if best is None:
            return ('leaf', total / (n + lam))
        _, j, threshold = best
        return ('split', j, threshold, rec(idx[x[idx, j] <= threshold], left - 1), rec(idx[x[idx, j] > threshold], left - 1))
    return rec(np.arange(len(g)), depth)


def tree_predict(tree, x):
    out = np.zeros(len(x))

    def rec(node, idx):
        if node[0] == 'leaf':
            out[idx] = node[1]
            return
        _, j, threshold, low, high = node
        mask = x[idx, j] <= threshold
        rec(low, idx[mask])
        rec(high, idx[~mask])
    rec(tree, np.arange(len(x)))
    return out


def fit_gbdt(train, rounds=60, rate=0.1, depth=3, min_leaf=10, lam=1.0):
    x, y = challenger_data(train, False)
    f, trees = np.zeros(len(y)), []
    for _ in range(rounds):
        tree = build_tree(x, y - f, depth, min_leaf, lam)
        trees.append(tree)
        f += rate * tree_predict(tree, x)
    return dict(trees=trees, rate=rate)


def gbdt_choice(tau):
    def choose(model, p):
        rows = pair_rows(p)
        gain = sum(model['rate'] * tree_predict(t, rows) for t in model['trees'])
        j = int(np.argmax(gain))
        return j + 1 if gain[j] > tau else 0
    return choose


def moved(pages, choice):
    return [(p['page'], round(float(p['f'][0]), 3), round(float(p['f'][choice[p['page']]]), 3)) for p in pages if p['dom'] and choice[p['page']] != 0 and abs(p['f'][choice[p['page']]] - p['f'][0]) > 0.005]


def main():
    pages = load(sys.argv[1])
    which = sys.argv[2:] or ['cl', 'margin', 'challenger', 'gbdt']
    print('hand score', evaluate(pages, lambda p: 0))
    print('best of the leading candidates (ceiling)', evaluate(pages, lambda p: int(np.argmax(p['f'])) if len(p['f']) else 0))
    runs = []
    if 'cl' in which or 'margin' in which:
        for lam in (5, 20, 100):
            choosers = {f'conditional logit, L2 {lam}': cl_choice()} if 'cl' in which else {}
            if 'margin' in which:
                choosers.update({f'conditional logit L2 {lam}, switch when the utility margin > {tau}': cl_choice(tau) for tau in (0.5, 1, 2)})
            runs.append((lambda tr, lam=lam: fit_cl(tr, lam), choosers))
    if 'challenger' in which:
        runs += [(lambda tr, lam=lam: fit_challenger(tr, lam), {f'challenger logit L2 {lam}, p > {th}': challenger_choice(th) for th in (0.5, 0.7, 0.9)}) for lam in (1, 10, 100)]
    if 'gbdt' in which:
        runs.append((fit_gbdt, {f'boosted trees, 60 rounds depth 3, switch when predicted gain > {tau}': gbdt_choice(tau) for tau in (0.05, 0.1, 0.2, 0.3)}))
    for fitter, choosers in runs:
        for label, (result, choice) in loro(pages, fitter, choosers).items():
            print(label, result, 'moved (page, hand F1, chosen F1):', moved(pages, choice), flush=True)


if __name__ == '__main__':
    main()
