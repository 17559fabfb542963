"""Twelfth session (issue #16): the article gate refitted with each list page weighted by what
keeping it is worth — the F1 its winner would score if kept (gate_observe9.mjs's `f1`). A list whose
winner is another block (a menu, a side column: F1 0 if kept) loses nothing when refused, yet the
learner of fit-article-gate.mjs counts it as a list to keep; those lists look like articles (their
"list" is chrome beside a text) and pull the boundary into the articles. Weighting by F1 asks the
model only to keep the lists that are worth keeping.

  python3 gate_weighted12.py OBSERVE SCORES [--sets a,b] [--moves T] [--lambda L]

Reports leave-one-repository-out figures per batch group (public, 1-42, 43-50): single pages caught,
lists worth keeping (F1 >= 0.8 if kept) kept, and the F1 total of the list pages (each list page
counts its F1 if kept, 0 if refused) — against the shipped model on the same pages."""
import sys

import numpy as np

from gate_common import pred
from gate_twelfth import BASE, CANDIDATE, PAGE, READING, gated, load, matrix


def fit_weighted(Xt, yt, weights, lam, steps=4000, rate=0.2):
    """fit-article-gate.mjs's learner (standardised, clipped inputs; L2; classes weighted equally)
    with a weight per page inside its class."""
    m = Xt.mean(0); s = Xt.std(0); s[s == 0] = 1
    Z = np.clip((Xt - m) / s, -3, 3); n = len(yt)
    pos = weights[yt == 1].sum(); neg = weights[yt == 0].sum()
    wt = np.where(yt == 1, weights * n / (2 * pos), weights * n / (2 * neg))
    w = np.zeros(Z.shape[1]); b = 0.0
    for _ in range(steps):
        e = (1 / (1 + np.exp(-(Z @ w + b))) - yt) * wt
        w -= rate * (Z.T @ e / n + lam * w / n); b -= rate * e.sum() / n
    return w, b, m, s


def value_of(row):
    return 1.0 if row["label"] == "article" else float(row["f1"])


def outcome(rows, refuse):
    articles = [r for r in rows if r["label"] == "article"]
    good = [i for i, r in enumerate(rows) if r["label"] == "list" and r["f1"] >= 0.8]
    caught = sum(1 for r, d in zip(rows, refuse) if r["label"] == "article" and d)
    kept_good = sum(1 for i in good if not refuse[i])
    f1_total = sum(r["f1"] for r, d in zip(rows, refuse) if r["label"] == "list" and not d)
    return caught, len(articles), kept_good, len(good), f1_total


def show(label, rows, refuse):
    caught, na, kept, ng, f1 = outcome(rows, refuse)
    return f"{label}: singles caught {caught}/{na}, lists >=0.8 kept {kept}/{ng}, list F1 sum {f1:.1f}, useful accuracy {(caught + kept) / max(1, na + ng):.3f}"


GROUPS = ["public", "1-42", "43-50"]


def main():
    rows = gated(load(sys.argv[1], sys.argv[2]))
    args = sys.argv[3:]
    lam = float(args[args.index("--lambda") + 1]) if "--lambda" in args else 0.3
    shipped = np.array([r["shipped"] for r in rows]) >= 0.5
    print(f"{len(rows)} pages on the fitted gate's path, {len(set(r['repo'] for r in rows))} repositories")
    print(show("shipped", rows, shipped))
    for g in GROUPS:
        idx = [i for i, r in enumerate(rows) if r["group"] == g]
        print("  " + show(f"shipped {g}", [rows[i] for i in idx], shipped[idx]))
    sets = {"base15": BASE, "base+candidate": BASE + CANDIDATE, "base+candidate+twelfth": BASE + CANDIDATE + READING,
            "all+twelfth": BASE + PAGE + CANDIDATE + READING}
    chosen = args[args.index("--sets") + 1].split(",") if "--sets" in args else list(sets)
    y = np.array([1 if r["label"] == "article" else 0 for r in rows])
    weights = np.array([max(value_of(r), 0.0) for r in rows])
    repos = np.array([r["repo"] for r in rows])
    for name in chosen:
        X = matrix(rows, sets[name])
        held = np.zeros(len(rows))
        for repo in set(repos):
            out = repos == repo
            train = ~out & (weights > 0)
            held[out] = pred(fit_weighted(X[train], y[train], weights[train], lam), X[out])
        train = weights > 0
        model = fit_weighted(X[train], y[train], weights[train], lam)
        insample = pred(model, X)
        print(f"\n{name}, lists weighted by F1 if kept (lambda {lam})")
        for cut in [0.5, 0.6, 0.7, 0.8]:
            print("  " + show(f"LORO at {cut}", rows, held >= cut))
            for g in GROUPS:
                idx = [i for i, r in enumerate(rows) if r["group"] == g]
                print("    " + show(f"{g}", [rows[i] for i in idx], held[idx] >= cut))
            print("  " + show(f"in sample at {cut}", rows, insample >= cut))
        w = model[0]
        print("  weights:", ", ".join(f"{n} {v:+.2f}" for n, v in sorted(zip(sets[name], w), key=lambda t: -abs(t[1]))), f"bias {model[1]:+.2f}")
        if "--moves" in args:
            cut = float(args[args.index("--moves") + 1])
            for label, decide in [("in sample", insample >= cut), ("LORO", held >= cut)]:
                print(f"\n  moves against the shipped gate, {label} at {cut}:")
                for r, d, s in zip(rows, decide, shipped):
                    if d == s:
                        continue
                    if r["label"] == "article":
                        what = "single caught" if d else "SINGLE LET THROUGH"
                    else:
                        what = f"LIST REFUSED (now F1 {r['now_f1']})" if d else f"list kept (F1 if kept {r['f1']})"
                    print(f"    {r['group']:6s} {what:32s} {r['page'][:80]}")


if __name__ == "__main__":
    main()
