"""What the article-gate experiments share (gate_page_facts.py, gate_seventh.py): the inputs of the
cached rows, in order, and the learner of fit-article-gate.mjs — L2 logistic regression, classes
weighted equally, standardised inputs clipped to +-3, plain gradient descent."""
import numpy as np

FEAT = ["rules", "ogArticle", "jsonLdArticle", "mainText", "mainInMember", "members", "longMembers", "headingLinks",
        "boilerplate", "inSoleArticle", "listToMainText", "memberText", "urlItemShape", "urlListShape", "score",
        "rowCount", "rowDated", "rowTextShare", "bodyShare", "mainInRow", "pageText"]


def fit(Xt, yt, lam, steps=4000, rate=0.2):
    m = Xt.mean(0); s = Xt.std(0); s[s == 0] = 1
    Z = np.clip((Xt - m) / s, -3, 3); n = len(yt); pos = yt.sum()
    wt = np.where(yt == 1, n / (2 * pos), n / (2 * (n - pos)))
    w = np.zeros(Z.shape[1]); b = 0.0
    for _ in range(steps):
        e = (1 / (1 + np.exp(-(Z @ w + b))) - yt) * wt
        w -= rate * (Z.T @ e / n + lam * w / n); b -= rate * e.sum() / n
    return w, b, m, s


def pred(model, Xq):
    w, b, m, s = model
    return 1 / (1 + np.exp(-(np.clip((Xq - m) / s, -3, 3) @ w + b)))


def cross_validated(Xs, y, repos, dev, lam):
    """Held-out probabilities: P leaving one repository out over every page; Q the same over the
    pages outside the development batches (`dev`), fitted on those pages only; D the development
    pages judged by a model fitted on all the others."""
    P, Q, D = np.zeros(len(y)), np.zeros(len(y)), np.zeros(len(y))
    for r in set(repos):
        out = repos == r
        P[out] = pred(fit(Xs[~out], y[~out], lam), Xs[out])
        if (out & ~dev).any():
            train = ~out & ~dev
            Q[out & ~dev] = pred(fit(Xs[train], y[train], lam), Xs[out & ~dev])
    D[dev] = pred(fit(Xs[~dev], y[~dev], lam), Xs[dev])
    return P, Q, D


def fit_offset(Xt, ot, yt, lam, with_bias=True, steps=3000, rate=0.2):
    """A correction of the shipped gate (gate_offset11/12.py, gate_thirteenth.py --gradient): the
    shipped model's log-odds `ot` is an offset kept whole, and plain gradient descent learns only a
    weight for each standardised input (clipped to +-3) and a bias, the pages weighted as they come."""
    m = Xt.mean(0); s = Xt.std(0); s[s == 0] = 1
    Z = np.clip((Xt - m) / s, -3, 3); n = len(yt)
    w = np.zeros(Z.shape[1]); b = 0.0
    for _ in range(steps):
        e = 1 / (1 + np.exp(-(ot + Z @ w + b))) - yt
        w -= rate * (Z.T @ e / n + lam * w / n)
        if with_bias:
            b -= rate * e.sum() / n
    return w, b, m, s


def pred_offset(model, Xq, oq):
    w, b, m, s = model
    return 1 / (1 + np.exp(-(oq + np.clip((Xq - m) / s, -3, 3) @ w + b)))


def offset_inputs(rows, facts):
    """The shipped probabilities, their log-odds, the facts' matrix, the labels and the repositories."""
    shipped = np.array([row["shipped"] for row in rows]).clip(1e-9, 1 - 1e-9)
    X = np.array([[row["features"].get(name, 0) for name in facts] for row in rows], dtype=float)
    y = np.array([1 if row["label"] == "article" else 0 for row in rows])
    return shipped, np.log(shipped / (1 - shipped)), X, y, np.array([row["repo"] for row in rows])


def offset_cross_validated(X, offset, y, repos, learn, apply):
    """Leave-one-repository-out probabilities of a correction, and the correction fitted on every page."""
    held = np.zeros(len(y))
    for repo in set(repos):
        out = repos == repo
        held[out] = apply(learn(X[~out], offset[~out], y[~out]), X[out], offset[out])
    return held, learn(X, offset, y)


def offset_command(argv, rows, groups, tally, compare):
    """gate_offset11/12.py's run: the facts named on the command line as a correction of the shipped
    gate, its cross-validated and in-sample verdicts by batch group, weights and log loss."""
    facts = (argv[3] if len(argv) > 3 and not argv[3].startswith("--") else "afterMain,memberDated,offSite").split(",")
    lam = float(argv[argv.index("--lambda") + 1]) if "--lambda" in argv else 1.0
    with_bias = "--no-bias" not in argv
    shipped, offset, X, y, repos = offset_inputs(rows, facts)
    held, model = offset_cross_validated(X, offset, y, repos, lambda Xt, ot, yt: fit_offset(Xt, ot, yt, lam, with_bias), pred_offset)
    insample = pred_offset(model, X, offset)
    print(f"{len(rows)} pages; facts {facts}; lambda {lam}; bias {with_bias}")
    print("shipped:", tally(rows, shipped >= 0.5))
    print("corrected LORO:", tally(rows, held >= 0.5))
    print("corrected in sample:", tally(rows, insample >= 0.5))
    for group in groups:
        part = [i for i, row in enumerate(rows) if row["group"] == group]
        print(f"  {group}: shipped {tally([rows[i] for i in part], shipped[part] >= 0.5)} | LORO {tally([rows[i] for i in part], held[part] >= 0.5)}")
    w, b, m, s = model
    print("weights (standardised):", ", ".join(f"{n} {v:+.4f}" for n, v in zip(facts, w)), f"bias {b:+.4f}")
    print("means", m.round(4).tolist(), "scales", s.round(4).tolist())
    loss = lambda p: -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    print(f"log loss: shipped {loss(shipped):.4f}, corrected LORO {loss(held.clip(1e-9, 1 - 1e-9)):.4f}")
    compare(rows, held >= 0.5, "corrected LORO")
    compare(rows, insample >= 0.5, "corrected in sample")
    return facts, model, held


# The fitted gate judged page by page (gate_eleventh.py onwards; gate_twelfth.py and later import them
# from there): the observed rows as a matrix, the rows the fitted gate decides, leave-one-repository-out
# probabilities, the count of right verdicts and the moves against the shipped gate.
def matrix(rows, names):
    return np.array([[row["features"].get(name, 0) for name in names] for row in rows], dtype=float)


def gated(rows):
    return [row for row in rows if row.get("features") and row["features"].get("members", 0) > 0 and row.get("shipped") is not None]


def loro(rows, names, lam=0.3, steps=4000):
    X, y = matrix(rows, names), np.array([1 if row["label"] == "article" else 0 for row in rows])
    repos = np.array([row["repo"] for row in rows])
    held = np.zeros(len(rows))
    for repo in set(repos):
        out = repos == repo
        held[out] = pred(fit(X[~out], y[~out], lam, steps=steps), X[out])
    return held, fit(X, y, lam, steps=steps)


def tally(rows, decide):
    articles = [row for row, d in zip(rows, decide) if row["label"] == "article"]
    caught = sum(1 for row, d in zip(rows, decide) if row["label"] == "article" and d)
    lists = sum(1 for row in rows if row["label"] == "list")
    kept = sum(1 for row, d in zip(rows, decide) if row["label"] == "list" and not d)
    return f"articles {caught}/{len(articles)}, lists kept {kept}/{lists}, accuracy {(caught + kept) / len(rows):.3f}"


def compare(rows, decide, label):
    """Pages whose verdict differs from the shipped gate's, with what each move means."""
    print(f"\n### {label}: moves against the shipped gate (model path only)")
    for row, d in zip(rows, decide):
        shipped = row["shipped"] >= 0.5
        if d == shipped:
            continue
        if row["label"] == "article":
            what = "article caught" if d else "ARTICLE LET THROUGH"
        else:
            what = (f"LIST REFUSED (now F1 {row['now_f1']})" if d else f"list kept (F1 if kept {row['f1']})")
        print(f"  {row['group']:6s} {what:32s} {row['page'][:80]}")
