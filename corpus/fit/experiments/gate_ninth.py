"""Ninth session (issue #16): is a page's declaration (og:type article, a JSON-LD article) better read
as weak evidence of its own than folded into the hand rules' verdict? Compares, on the cached gate
inputs of fit-article-gate.mjs (`--cache FILE --develop-on 15,...,29`), leave-one-repository-out:
  main      the shipped model's 15 inputs, refitted;
  undecl    the same with `rules` replaced by `rulesUndeclared` (the rules without the declaration
            rule; og:type and JSON-LD then count only through their own inputs);
and, in sample, which pages the refits move against the shipped model. With --observed FILE (JSON
lines of gate_observe9.mjs) the lists' F1 if kept is shown, so a refused list above 0.8 is visible.

  python3 corpus/fit/experiments/gate_ninth.py CACHE [--observed FILE]
"""
import json, sys
import numpy as np
sys.path.insert(0, __file__.rsplit('/', 1)[0])
from gate_common import fit, pred

ALL = ["rules", "ogArticle", "jsonLdArticle", "mainText", "mainInMember", "members", "longMembers", "headingLinks",
       "boilerplate", "inSoleArticle", "listToMainText", "memberText", "urlItemShape", "urlListShape", "score",
       "rowCount", "rowDated", "rowTextShare", "bodyShare", "mainInRow", "pageText", "rulesUndeclared"]
MAIN = ALL[:15]
VARIANTS = {"main": MAIN, "undecl": ["rulesUndeclared"] + MAIN[1:]}
SHIPPED = dict(  # packages/auto-source/src/surface/article-gate-model.ts
    w=[0.7226, -0.2618, 1.0099, 1.1074, -0.6661, -0.5934, 0.069, 0.1902, 0.6276, 0.0698, -1.3904, -0.556, 1.6439, -1.6031, -1.9565], b=-3.2429,
    m=[0.1818, 0.1667, 0.0253, 2.2992, 0.2121, 1.2756, 0.0838, 0.417, 0.0607, 0.1111, 0.9358, 2.0022, 0.2475, 0.6818, 0.3586],
    s=[0.3857, 0.3727, 0.1569, 1.0888, 0.4088, 0.4116, 0.2099, 0.4825, 0.2386, 0.3143, 1.2168, 0.5118, 0.4315, 0.4658, 0.0742])

rows = json.load(open(sys.argv[1]))
observed = {}
if "--observed" in sys.argv:
    for line in open(sys.argv[sys.argv.index("--observed") + 1]):
        row = json.loads(line); observed[row["page"]] = row
y = np.array([row["label"] for row in rows]); repos = np.array([row["repo"] for row in rows])
names = [f'{row["corpus"]}:{row["page"]}' for row in rows]
X = {name: np.array([row["x"][ALL.index(name)] for row in rows], dtype=float) for name in ALL}
shipped = pred((np.array(SHIPPED["w"]), SHIPPED["b"], np.array(SHIPPED["m"]), np.array(SHIPPED["s"])), np.column_stack([X[n] for n in MAIN]))
lam = 0.3


def tally(p):
    art = (p >= 0.5) & (y == 1); lst = (p < 0.5) & (y == 0)
    return f"articles {art.sum()}/{(y == 1).sum()}, lists {lst.sum()}/{(y == 0).sum()}, accuracy {(art.sum() + lst.sum()) / len(y):.3f}"


def f1(i):
    return observed.get(names[i], {}).get("f1", float("nan"))


print(f"{len(y)} pages ({(y == 1).sum()} articles, {(y == 0).sum()} lists), {len(set(repos))} repositories")
print("shipped model (partly in sample):", tally(shipped))
for key, inputs in VARIANTS.items():
    Xs = np.column_stack([X[n] for n in inputs])
    P = np.zeros(len(y))
    for r in set(repos):
        out = repos == r
        P[out] = pred(fit(Xs[~out], y[~out], lam), Xs[out])
    model = fit(Xs, y, lam)
    S = pred(model, Xs)
    print(f"\n{key}: leave-one-repository-out {tally(P)}; in sample {tally(S)}")
    print("  weights:", ", ".join(f"{n} {w:+.2f}" for n, w in zip(inputs, model[0])), f"bias {model[1]:+.2f}")
    for i in np.argsort(names):
        was, now = shipped[i] >= 0.5, S[i] >= 0.5
        if was != now:
            kind = "article" if y[i] == 1 else f"list (F1 if kept {f1(i):.2f})"
            print(f"  in sample {'refused -> kept' if was else 'kept -> refused'}: {names[i]} [{repos[i]}] {kind} p {shipped[i]:.2f} -> {S[i]:.2f}")
