#!/usr/bin/env python3
"""Article-gate refits with batches 15-21 as development data (seventh session, issue #16).

    node corpus/fit/fit-article-gate.mjs --dry-run --cache /tmp/rows.json --develop-on 15,16,17,18,19,20,21
    python3 corpus/fit/experiments/gate_seventh.py /tmp/rows.json        # needs numpy

Same learner as fit-article-gate.mjs (L2 logistic regression, classes weighted equally, standardised
inputs clipped to +-3, 4000 steps; a separate penalty for the two URL-shape inputs). For main's
shipped model (read from article-gate-model.ts) and two refits (main's 15 inputs; the page facts
with the URL inputs bounded) it prints: leave-one-repository-out (LORO) over every cached page, LORO
over the pages outside batches 15-21, batches 15-21 judged by a model fitted on the rest, and the
in-sample tally of a model fitted on every page. Figures: BENCHMARKS.md §5, "Seventh session".
"""
import json, re, sys
from pathlib import Path
import numpy as np
from gate_common import FEAT, cross_validated, fit, pred

HELD = Path(__file__).resolve().parents[1] / "held-out.txt"
DEV, batch = set(), None
for line in HELD.read_text().splitlines():
    header = re.match(r"#\s*batch\s+(\S+)", line.strip())
    if header:
        batch = header.group(1)
    words = line.split("#")[0].split()
    if batch in {"15", "16", "17", "18", "19", "20", "21"}:
        DEV.update(words)
rows = json.load(open(sys.argv[1]))
X = np.array([r["x"][:len(FEAT)] for r in rows], float)
y = np.array([r["label"] for r in rows])
repos = np.array([r["repo"] for r in rows])
dev = np.array([r["page"].split("__")[0] in DEV for r in rows])


def tally(P, sel):
    a, l = (y == 1) & sel, (y == 0) & sel
    return f"{int((P[a] >= .5).sum())}/{int(a.sum())} caught, {int((P[l] < .5).sum())}/{int(l.sum())} kept, {((P >= .5) == (y == 1))[sel].mean():.3f}"


def shipped():
    text = (Path(__file__).resolve().parents[3] / "packages/auto-source/src/surface/article-gate-model.ts").read_text()
    grab = lambda key: json.loads(re.search(key + r":\s*(\[[^\]]*\])", text).group(1))
    cols = [FEAT.index(c) for c in grab("features")]
    bias = float(re.search(r"bias:\s*(-?[\d.]+)", text).group(1))
    model = (np.array(grab("weights")), bias, np.array(grab("means")), np.array(grab("scales")))
    P = pred(model, X[:, cols])
    every = np.ones(len(y), bool)
    print(f"{'main as shipped':<34} all: {tally(P, every)} | outside 15-21: {tally(P, ~dev)} | 15-21: {tally(P, dev)}")
    return P


def variant(cols, url_lam, label):
    Xs = X[:, [FEAT.index(c) for c in cols]]
    lam = np.array([url_lam if c.startswith("url") else 0.3 for c in cols])
    P, Q, D = cross_validated(Xs, y, repos, dev, lam)
    S = pred(fit(Xs, y, lam), Xs)
    every = np.ones(len(y), bool)
    print(f"{label:<34} LORO all: {tally(P, every)} | LORO outside 15-21: {tally(Q, ~dev)} | 15-21 by the rest: {tally(D, dev)} | in sample: {tally(S, every)}")
    return P, S


print(f"{len(rows)} pages ({int(y.sum())} articles), {len(set(repos))} repositories; batches 15-21: {int(dev.sum())} pages")
M = shipped()
_, S_main = variant(FEAT[:15], 0.3, "main's 15 inputs, refitted")
_, S_facts = variant(FEAT, 10, "+ page facts, URL penalty 10")
for name, S in (("main refitted", S_main), ("page facts", S_facts)):
    worse = [(rows[i]["page"], "article" if y[i] else "list", round(float(S[i]), 2)) for i in range(len(y)) if (S[i] >= .5) != (M[i] >= .5) and (S[i] >= .5) != (y[i] == 1)]
    better = [(rows[i]["page"], "article" if y[i] else "list", round(float(S[i]), 2)) for i in range(len(y)) if (S[i] >= .5) != (M[i] >= .5) and (S[i] >= .5) == (y[i] == 1)]
    print(f"in sample, {name} against main as shipped: worse {worse}\n  better {better}")
