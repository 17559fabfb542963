"""Eleventh session (issue #16): the candidate facts as a correction of the shipped gate. The shipped
model's log-odds is an offset (kept whole: scale 1); a logistic regression learns only a weight for
each standardised candidate fact and a bias, with the pages weighted as they come (no class
reweighting, so the shipped model's operating point stays), leave-one-repository-out
cross-validated. Moves are reported against the shipped verdicts (model path only).

  python3 corpus/fit/experiments/gate_offset11.py OBSERVE SCORES [FACT,FACT,...] [--lambda L] [--no-bias]"""
import sys

import numpy as np

from gate_eleventh import compare, gated, load, tally

rows = gated(load(sys.argv[1], sys.argv[2]))
facts = (sys.argv[3] if len(sys.argv) > 3 and not sys.argv[3].startswith("--") else "afterMain,memberDated,offSite").split(",")
lam = float(sys.argv[sys.argv.index("--lambda") + 1]) if "--lambda" in sys.argv else 1.0
with_bias = "--no-bias" not in sys.argv
shipped = np.array([row["shipped"] for row in rows]).clip(1e-9, 1 - 1e-9)
offset = np.log(shipped / (1 - shipped))
X = np.array([[row["features"].get(name, 0) for name in facts] for row in rows], dtype=float)
y = np.array([1 if row["label"] == "article" else 0 for row in rows])
repos = np.array([row["repo"] for row in rows])


def fit(Xt, ot, yt, steps=3000, rate=0.2):
    m = Xt.mean(0); s = Xt.std(0); s[s == 0] = 1
    Z = np.clip((Xt - m) / s, -3, 3); n = len(yt)
    w = np.zeros(Z.shape[1]); b = 0.0
    for _ in range(steps):
        e = 1 / (1 + np.exp(-(ot + Z @ w + b))) - yt
        w -= rate * (Z.T @ e / n + lam * w / n)
        if with_bias:
            b -= rate * e.sum() / n
    return w, b, m, s


def pred(model, Xq, oq):
    w, b, m, s = model
    return 1 / (1 + np.exp(-(oq + np.clip((Xq - m) / s, -3, 3) @ w + b)))


held = np.zeros(len(rows))
for repo in set(repos):
    out = repos == repo
    held[out] = pred(fit(X[~out], offset[~out], y[~out]), X[out], offset[out])
model = fit(X, offset, y)
insample = pred(model, X, offset)
print(f"{len(rows)} pages; facts {facts}; lambda {lam}; bias {with_bias}")
print("shipped:", tally(rows, shipped >= 0.5))
print("corrected LORO:", tally(rows, held >= 0.5))
print("corrected in sample:", tally(rows, insample >= 0.5))
for group in ["public", "1-35", "36-42"]:
    part = [i for i, row in enumerate(rows) if row["group"] == group]
    print(f"  {group}: shipped {tally([rows[i] for i in part], shipped[part] >= 0.5)} | LORO {tally([rows[i] for i in part], held[part] >= 0.5)}")
w, b, m, s = model
print("weights (standardised):", ", ".join(f"{n} {v:+.4f}" for n, v in zip(facts, w)), f"bias {b:+.4f}")
print("means", m.round(4).tolist(), "scales", s.round(4).tolist())
loss = lambda p: -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
print(f"log loss: shipped {loss(shipped):.4f}, corrected LORO {loss(held.clip(1e-9, 1 - 1e-9)):.4f}")
compare(rows, held >= 0.5, "corrected LORO")
compare(rows, insample >= 0.5, "corrected in sample")
