"""Eleventh session (issue #16): the candidate facts stacked on the shipped gate. The shipped model's
log-odds is a fixed input (its 15 inputs keep their relative weights); a logistic regression learns a
scale for it and a weight for each candidate fact, leave-one-repository-out cross-validated. Moves
are reported against the shipped verdicts (model path only).

  python3 corpus/fit/experiments/gate_stack11.py OBSERVE SCORES [FACT,FACT,...] [--lambda L]"""
import json
import sys

import numpy as np

from gate_common import fit, pred
from gate_eleventh import compare, gated, load, tally

rows = gated(load(sys.argv[1], sys.argv[2]))
facts = (sys.argv[3] if len(sys.argv) > 3 and not sys.argv[3].startswith("--") else "afterMain,memberDated,offSite").split(",")
lam = float(sys.argv[sys.argv.index("--lambda") + 1]) if "--lambda" in sys.argv else 0.3
cut = float(sys.argv[sys.argv.index("--cut") + 1]) if "--cut" in sys.argv else 0.5
shipped = np.array([row["shipped"] for row in rows]).clip(1e-9, 1 - 1e-9)
X = np.column_stack([np.log(shipped / (1 - shipped))] + [[row["features"].get(name, 0) for row in rows] for name in facts])
y = np.array([1 if row["label"] == "article" else 0 for row in rows])
repos = np.array([row["repo"] for row in rows])
held = np.zeros(len(rows))
for repo in set(repos):
    out = repos == repo
    held[out] = pred(fit(X[~out], y[~out], lam), X[out])
model = fit(X, y, lam)
insample = pred(model, X)
print(f"{len(rows)} pages; facts {facts}; lambda {lam}; cut {cut}")
print("shipped:", tally(rows, shipped >= 0.5))
print("stacked LORO:", tally(rows, held >= cut))
print("stacked in sample:", tally(rows, insample >= cut))
for group in ["public", "1-35", "36-42"]:
    part = [i for i, row in enumerate(rows) if row["group"] == group]
    print(f"  {group}: shipped {tally([rows[i] for i in part], shipped[part] >= 0.5)} | LORO {tally([rows[i] for i in part], held[part] >= cut)}")
w, b, m, s = model
print("weights (standardised):", ", ".join(f"{n} {v:+.3f}" for n, v in zip(["shippedLogit"] + facts, w)), f"bias {b:+.3f}")
print("means", m.round(4).tolist(), "scales", s.round(4).tolist())
compare(rows, held >= cut, "stacked LORO")
compare(rows, insample >= cut, "stacked in sample")
