"""Fifteenth session (issue #16): the list-vs-single decision judged the way it will be used — on the
next unseen batches. Only what is new here: the batch of each page, the forward-chaining check (fit
or decide on the batches before a session's held-out set, test on that set: <=50 -> 51-60,
<=60 -> 61-73, <=73 -> 74-84), the four batch groups (public, 1-60, 61-73, 74-84) and the post-gate
discussion check of surface/article-discussion.ts (its facts from discussion15.mjs). Loading, the
corrected gate's verdict, the data-table rule and the learners are gate_fourteenth14.py's and
gate_thirteenth.py's.

  PAGEFEED_SHARED=../shared node corpus/fit/experiments/gate_observe9.mjs --out OBSERVE
  PAGEFEED_SHARED=../shared node corpus/fit/experiments/discussion15.mjs --out DISCUSSION
  PAGEFEED_SHARED=../shared node corpus/tools/score-inprocess.mjs --out SCORES
  CORRECTED_GATE=1 PAGEFEED_SHARED=../shared node corpus/tools/score-inprocess.mjs --out CORRECTED
  python3 gate15.py OBSERVE SCORES CORRECTED [--discussion DISCUSSION] [--inventory] [--forward] [--cv]
  python3 gate15.py --outcomes SCORES [SCORES ...]"""
import json
import sys
from collections import defaultdict

import numpy as np

import batches
import gate_fourteenth14
import gate_thirteenth
import gate_twelfth
from gate_common import pred, pred_offset
from gate_thirteenth import SETS, newton, offset_inputs, matrix
from gate_fourteenth14 import THREAD, data_table_kept, decided

GROUPS = ["public", "1-60", "61-73", "74-84"]
BATCH_OF_PREFIX = {prefix: number for number, prefixes in batches.BY_BATCH.items() for prefix in prefixes}
# The forward-chaining steps: the batches a decision may see, and the session's held-out set after them.
FORWARD = [(50, (51, 60)), (60, (61, 73)), (73, (74, 84))]


def batch_of(page):
    """0 for the public corpus, 9 for the own batches 1-9 (no batch list), else the batch number."""
    corpus, name = page.split(":", 1)
    if corpus == "public":
        return 0
    return BATCH_OF_PREFIX.get(name.split("__")[0], 9)


def group_of(page):
    batch = batch_of(page)
    return "public" if batch == 0 else "1-60" if batch <= 60 else "61-73" if batch <= 73 else "74-84"


for module in (gate_fourteenth14, gate_thirteenth, gate_twelfth):
    module.group_of = group_of
gate_fourteenth14.GROUPS = GROUPS
gate_thirteenth.GROUPS = GROUPS


def load(observe_file, scores_file, corrected_file, discussion_file=None):
    rows = gate_fourteenth14.load(observe_file, scores_file, corrected_file)
    facts = {}
    if discussion_file:
        for line in open(discussion_file):
            row = json.loads(line)
            facts[row["page"]] = row
    for row in rows:
        row["batch"] = batch_of(row["page"])
        row["group"] = group_of(row["page"])
        row["discussion"] = (facts.get(row["page"]) or {}).get("discussion") or {}
        row["isDiscussion"] = bool((facts.get(row["page"]) or {}).get("isDiscussion"))
    return rows


def verdicts(rows, article, label):
    """singles caught / lists kept, and lists kept whose list scores >= 0.8 if kept."""
    singles = [r for r, a in zip(rows, article) if r["label"] == "article"]
    caught = sum(1 for r, a in zip(rows, article) if r["label"] == "article" and a)
    lists = [r for r in rows if r["label"] == "list"]
    kept = sum(1 for r, a in zip(rows, article) if r["label"] == "list" and not a)
    good = [r for r in lists if r["f1"] >= 0.8]
    good_kept = sum(1 for r, a in zip(rows, article) if r["label"] == "list" and not a and r["f1"] >= 0.8)
    right = caught + kept
    f1 = sum(r["f1"] for r, a in zip(rows, article) if r["label"] == "list" and not a)
    return f"{label}: singles {caught}/{len(singles)}, lists kept {kept}/{len(lists)} (>=0.8 if kept: {good_kept}/{len(good)}), right {right}/{len(rows)}, lists' F1 sum {f1:.1f}"


def moved(rows, article, base, label):
    """Pages whose verdict differs from `base`, named, with what each move means."""
    ups, downs, same = [], [], []
    for row, a, b in zip(rows, article, base):
        if a == b:
            continue
        name = row["page"].split(":", 1)[1][:60]
        if row["label"] == "article":
            (ups if a else downs).append(f"single {'caught' if a else 'let through'} {name}")
        elif row["f1"] == 0:
            same.append(f"list {'refused' if a else 'kept'} (F1 0 either way) {name}")
        elif a:
            downs.append(f"list refused (F1 if kept {row['f1']}) {name}")
        else:
            ups.append(f"list kept (F1 if kept {row['f1']}) {name}")
    print(f"    {label}: +{len(ups)} -{len(downs)} (F1 0 either way: {len(same)})")
    for line in ups:
        print(f"      + {line}")
    for line in downs:
        print(f"      - {line}")


def offset_learner(facts, lam=1.0):
    def learn(train):
        _, offset, X, y, _ = offset_inputs(train, facts)
        return newton(X, y, lam, weighted=False, offset=offset, with_bias=True)

    def apply(model, test):
        _, offset, X, _, _ = offset_inputs(test, facts)
        return pred_offset(model, X, offset)
    return learn, apply


def refit_learner(names, lam=0.3):
    def learn(train):
        return newton(matrix(train, names), np.array([1 if r["label"] == "article" else 0 for r in train]), lam)

    def apply(model, test):
        return pred(model, matrix(test, names))
    return learn, apply


def vetoed(learn, apply):
    """The default gate, with a refit allowed to overturn it only where it never overturned a training
    page wrongly: a refusal when the refit's p is above every training list at >= 0.8 the default keeps,
    a keep when it is below every training single page the default refuses (thresholds chosen on the
    training pages in sample)."""
    def run(train, test):
        model = learn(train)
        p_train, p_test = apply(model, train), apply(model, test)
        high = max([p for r, p in zip(train, p_train) if r["label"] == "list" and r["f1"] >= 0.8 and not decided(r, "shipped")] + [0.5])
        low = min([p for r, p in zip(train, p_train) if r["label"] == "article" and decided(r, "shipped")] + [0.5])
        # A margin beyond the last training page, for rounding in the shipped module and small differences of the inputs.
        high, low = min(0.999, high + MARGIN), max(0.001, low - MARGIN)
        out = []
        for r, p in zip(test, p_test):
            article = decided(r, "shipped")
            if not article and p > high:
                article = True
            elif article and p < low and not data_table_kept(r["features"]):
                article = False
            out.append(article)
        return out, high, low
    return run


MARGIN = 0.002


def with_table(rows, probabilities):
    """A probability read as a verdict, then the data-table rule (create-auto-source.ts)."""
    return [p >= 0.5 and not data_table_kept(r["features"]) for r, p in zip(rows, probabilities)]


def learners():
    return {
        "correction afterMain,memberDated,offSite refitted": offset_learner(["afterMain", "memberDated", "offSite"]),
        "correction + siblingShare refitted": offset_learner(["afterMain", "memberDated", "offSite", "siblingShare"]),
        "refit base15": refit_learner(SETS["base15"]),
        "refit base+candidate": refit_learner(SETS["base+candidate"]),
        "refit base+candidate+twelfth+subject": refit_learner(SETS["base+candidate+twelfth+subject"]),
        "refit base+candidate+twelfth+subject+thread": refit_learner(SETS["base+candidate+twelfth+subject"] + THREAD),
    }


def fixed_gates():
    """Gates fitted before batch 51 (the shipped and the corrected model) and post-gate checks: forward-valid as they are."""
    sibling = lambda r: decided(r, "corrected") or (decided(r, "shipped") and r["features"].get("siblingShare", 0) >= 0.8)
    return {
        "default gate": lambda r: decided(r, "shipped"),
        "corrected gate (fitted on 1-50)": lambda r: decided(r, "corrected"),
        "corrected + siblingRefusals": sibling,
        "default + discussion check": lambda r: decided(r, "shipped") or r["isDiscussion"],
        "corrected + discussion check": lambda r: decided(r, "corrected") or r["isDiscussion"],
        "corrected + siblingRefusals + discussion check": lambda r: sibling(r) or r["isDiscussion"],
    }


def forward(model_rows, names=None):
    print("\n## Forward chaining (decide on the batches before, test on the held-out set)")
    for last, (first, end) in FORWARD:
        train = [r for r in model_rows if r["batch"] <= last]
        test = [r for r in model_rows if first <= r["batch"] <= end]
        base = [decided(r, "shipped") for r in test]
        print(f"\n### <= {last} -> {first}-{end}: {len(train)} training pages, {len(test)} test pages")
        for name, rule in fixed_gates().items():
            if names and name not in names:
                continue
            article = [rule(r) for r in test]
            print("  " + verdicts(test, article, name))
            if name != "default gate":
                moved(test, article, base, "against the default gate")
        for name, (learn, apply) in learners().items():
            if names and name not in names:
                continue
            article = with_table(test, apply(learn(train), test))
            print("  " + verdicts(test, article, name))
            moved(test, article, base, "against the default gate")
            article, high, low = vetoed(learn, apply)(train, test)
            print("  " + verdicts(test, article, f"default gate, vetoed by '{name}' (refuse above {high:.3f}, keep below {low:.4f})"))
            moved(test, article, base, "against the default gate")


def cross_validated(model_rows):
    """Leave-one-repository-out over every development page, by group, for the learners; the fixed gates as they are."""
    print("\n## Leave-one-repository-out (all development pages on the gate's path)")
    repos = np.array([r["repo"] for r in model_rows])
    base = [decided(r, "shipped") for r in model_rows]
    for name, rule in fixed_gates().items():
        article = [rule(r) for r in model_rows]
        print("  " + verdicts(model_rows, article, name + " (not refitted)") + " | " + by_group(model_rows, article))
    for name, (learn, apply) in learners().items():
        held = np.zeros(len(model_rows))
        for repo in set(repos):
            out = repos == repo
            train = [r for r, o in zip(model_rows, out) if not o]
            test = [r for r, o in zip(model_rows, out) if o]
            held[out] = apply(learn(train), test)
        article = with_table(model_rows, held)
        print("  " + verdicts(model_rows, article, name + " LORO") + " | " + by_group(model_rows, article))
        moved(model_rows, article, base, "LORO against the default gate")


def in_sample(model_rows, only=None):
    """Each learner fitted on every development page and applied to them (what would ship), against the default gate."""
    print("\n## In sample (fitted on all development pages on the gate's path)")
    base = [decided(r, "shipped") for r in model_rows]
    for name, (learn, apply) in learners().items():
        if only and only not in name:
            continue
        model = learn(model_rows)
        article = with_table(model_rows, apply(model, model_rows))
        print("  " + verdicts(model_rows, article, name) + " | " + by_group(model_rows, article))
        moved(model_rows, article, base, "in sample against the default gate")
        w, b, m, sd = model
        print("    weights:", [round(float(v), 4) for v in w], "bias", round(float(b), 4), "means", [round(float(v), 4) for v in m], "scales", [round(float(v), 4) for v in sd])


def veto_checks(model_rows, name):
    """A refit used only as a veto of the default gate (`vetoed`): in sample on every development page, and
    leave-one-repository-out with the thresholds chosen inside each fold."""
    learn, apply = learners()[name]
    base = [decided(r, "shipped") for r in model_rows]
    article, high, low = vetoed(learn, apply)(model_rows, model_rows)
    print(f"\n## default gate vetoed by '{name}' — in sample (refuse above {high:.4f}, keep below {low:.4f})")
    print("  " + verdicts(model_rows, article, "in sample") + " | " + by_group(model_rows, article))
    moved(model_rows, article, base, "in sample against the default gate")
    repos = np.array([r["repo"] for r in model_rows])
    held = list(base)
    for repo in set(repos):
        out = [i for i, r in enumerate(repos) if r == repo]
        train = [r for r, rr in zip(model_rows, repos) if rr != repo]
        verdict, _, _ = vetoed(learn, apply)(train, [model_rows[i] for i in out])
        for i, v in zip(out, verdict):
            held[i] = v
    print("  " + verdicts(model_rows, held, "LORO") + " | " + by_group(model_rows, held))
    moved(model_rows, held, base, "LORO against the default gate")


def emit_veto(model_rows, name, out):
    """The veto model fitted on every development page, as a TypeScript module (surface/article-gate-veto-model.ts)."""
    learn, apply = learners()[name]
    names = SETS["base+candidate+twelfth+subject"]
    w, b, m, sd = learn(model_rows)
    _, high, low = vetoed(learn, apply)(model_rows, model_rows[:1])
    round4 = lambda values: "[" + ",".join(f"{float(v):.8g}" for v in values) + "]"
    pages, repos = len(model_rows), len(set(r["repo"] for r in model_rows))
    text = f"""// Generated by corpus/fit/experiments/gate15.py OBSERVE SCORES CORRECTED --emit-veto FILE — do not edit by hand.
// A refit of the article gate on {pages} development pages of {repos} repositories (public corpus, own batches
// 1-84; inputs: the shipped fifteen, the candidate, reading and subject facts; L2 0.3, classes weighted
// equally), read only as a veto of the shipped gate where it is confident: it refuses a page the shipped
// gate keeps above `refuseAbove` and keeps a page the shipped gate refuses below `keepBelow`, the two
// thresholds set so that on the development pages no list at F1 >= 0.8 is refused and no single page
// let through (fifteenth session, issue #16; BENCHMARKS.md, "Fifteenth session: the article gate").
import type {{ ArticleModel }} from './article-gate.js';

export const ARTICLE_GATE_VETO_MODEL: ArticleModel = {{
  features: {json.dumps(names, separators=(",", ":"))},
  weights: {round4(w)},
  bias: {float(b):.8g},
  means: {round4(m)},
  scales: {round4([v if v != 0 else 1 for v in sd])},
  threshold: 0.5,
}};

/** Above this the veto model refuses a page the shipped gate keeps. */
export const VETO_REFUSE_ABOVE = {high:.6g};
/** Below this the veto model keeps a page the shipped gate refuses. */
export const VETO_KEEP_BELOW = {low:.6g};
"""
    open(out, "w").write(text)
    print(f"wrote {out}: refuse above {high:.6g}, keep below {low:.6g}")


def by_group(rows, article):
    cells = []
    for group in GROUPS:
        part = [(r, a) for r, a in zip(rows, article) if r["group"] == group]
        right = sum(1 for r, a in part if a == (r["label"] == "article"))
        cells.append(f"{group} {right}/{len(part)}")
    return ", ".join(cells)


def discussion_report(rows):
    """The discussion facts where the check fires, by label and group; and the thread-like singles it misses."""
    print("\n## Discussion check (post-gate, on pages with members)")
    for row in rows:
        d = row["discussion"]
        if not d:
            continue
        if row["isDiscussion"] or (row["label"] == "article" and not decided(row, "shipped")):
            facts = " ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in d.items())
            mark = "FIRES" if row["isDiscussion"] else "     "
            print(f"  {mark} {row['label']:7s} {row['group']:6s} shipped={'refused' if decided(row, 'shipped') else 'kept   '} f1={row['f1']:<5} {row['page'][:64]:64s} {facts}")


def outcomes(files):
    for path in files:
        scores = json.load(open(path))
        cells = []
        for group in GROUPS:
            part = {k: v for k, v in scores.items() if group_of(k) == group}
            lists = [v for v in part.values() if not v.get("expected")]
            others = [v for v in part.values() if v.get("expected")]
            cells.append(f"{group}: lists {np.mean([v['f1'] for v in lists]):.3f}, {sum(v['f1'] >= 0.8 for v in lists)}/{len(lists)}; singles/walls/shells {sum(v['f1'] == 1 for v in others)}/{len(others)}")
        print(f"{path}: " + " | ".join(cells))


def main():
    if sys.argv[1] == "--outcomes":
        outcomes(sys.argv[2:])
        return
    args = sys.argv[4:]
    discussion = args[args.index("--discussion") + 1] if "--discussion" in args else None
    rows = load(sys.argv[1], sys.argv[2], sys.argv[3], discussion)
    if "--inventory" in args:
        gate_fourteenth14.inventory(rows, "got", "default gate (main 99e2d27)")
        gate_fourteenth14.inventory(rows, "got_corrected", "corrected gate (CORRECTED_GATE=1)")
    model_rows = gate_twelfth.gated(rows)
    for row in model_rows:
        row["corrected"] = row.get("corrected", row["shipped"])
    print(f"\n{len(model_rows)} pages reach the fitted gate with members, {len(set(r['repo'] for r in model_rows))} repositories")
    if "--discussion-report" in args:
        discussion_report(model_rows)
    if "--forward" in args:
        forward(model_rows)
    if "--in-sample" in args:
        in_sample(model_rows, args[args.index("--in-sample") + 1] if len(args) > args.index("--in-sample") + 1 else None)
    if "--emit-veto" in args:
        emit_veto(model_rows, "refit base+candidate+twelfth+subject", args[args.index("--emit-veto") + 1])
    if "--veto" in args:
        veto_checks(model_rows, args[args.index("--veto") + 1])
    if "--cv" in args:
        cross_validated(model_rows)


if __name__ == "__main__":
    main()
