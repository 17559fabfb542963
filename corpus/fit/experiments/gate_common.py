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
