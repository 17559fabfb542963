#!/usr/bin/env python3
"""Offline leave-one-repository-out comparison of article-gate variants (sixth session, issue #16).

    node corpus/fit/fit-article-gate.mjs --dry-run --cache /tmp/rows.json --develop-on 15,16,17
    python3 corpus/fit/experiments/gate_page_facts.py /tmp/rows.json     # needs numpy

Replicates fit-article-gate.mjs's logistic regression (L2, classes weighted equally, standardised and
clipped inputs, 4000 steps) with a separate penalty for the URL-shape inputs, and prints for each
variant: LORO over all cached pages; LORO over the pages outside batches 15-17; and batches 15-17
judged by a model fitted on every other page. Figures: BENCHMARKS.md §5, "Sixth session".
"""
import json, sys
import numpy as np
from gate_common import FEAT, cross_validated

DEV = {"jurisc", "uaflats", "jpbooks", "habr", "cnblogs", "eppress", "recbed", "radarflow", "antag", "irdata",
       "newshub", "crux", "cityca", "cityakr", "anyway"}
rows = json.load(open(sys.argv[1]))
X = np.array([r["x"][:len(FEAT)] for r in rows], float)
y = np.array([r["label"] for r in rows])
repos = np.array([r["repo"] for r in rows])
dev = np.array([r["page"].split("__")[0] in DEV for r in rows])


def tally(P, sel):
    a, l = (y == 1) & sel, (y == 0) & sel
    return f"articles {int((P[a] >= .5).sum())}/{int(a.sum())}, lists {int((P[l] < .5).sum())}/{int(l.sum())}, acc {((P >= .5) == (y == 1))[sel].mean():.3f}"


def variant(cols, url_lam, label):
    Xs = X[:, [FEAT.index(c) for c in cols]]
    lam = np.array([url_lam if c.startswith("url") else 0.3 for c in cols])
    P, Q, D = cross_validated(Xs, y, repos, dev, lam)
    every = np.ones(len(y), bool)
    print(f"{label:<26} LORO all: {tally(P, every)} | LORO outside 15-17: {tally(Q, ~dev)} | 15-17 by the rest: {tally(D, dev)}")


BASE = FEAT[:15]
variant(BASE, 0.3, "main's 15 inputs")
variant([c for c in BASE if not c.startswith("url")], 0.3, "without URL inputs")
variant(FEAT, 0.3, "+ page facts")
for url_lam in (3, 10, 30):
    variant(BASE, url_lam, f"URL penalty {url_lam}")
    variant(FEAT, url_lam, f"+ page facts, URL pen. {url_lam}")
