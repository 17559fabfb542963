"""Eleventh session (issue #16): the article gate's wrong classes on every development page, and
refits of the fitted gate with the candidate facts (surface/article-candidate.ts) compared by
leave-one-repository-out cross-validation.

  node corpus/fit/experiments/gate_observe9.mjs --out OBSERVE      # every labelled page, gate observed
  node corpus/tools/score-inprocess.mjs --out SCORES               # the shipped outcome per page
  python3 corpus/fit/experiments/gate_eleventh.py OBSERVE SCORES [--inventory] [--refit] [--ship NAME]

The learner is fit-article-gate.mjs's (gate_common.py). Batch groups: the public corpus, own
batches 1-35, own batches 36-42 (held out last session, development data now)."""
import json
import sys
from collections import Counter, defaultdict

import numpy as np

from gate_common import compare, gated, loro, matrix, pred, tally

BASE = ["rules", "ogArticle", "jsonLdArticle", "mainText", "mainInMember", "members", "longMembers", "headingLinks",
        "boilerplate", "inSoleArticle", "listToMainText", "memberText", "urlItemShape", "urlListShape", "score"]
PAGE = ["rowCount", "rowDated", "rowTextShare", "bodyShare", "mainInRow", "pageText"]
CANDIDATE = ["afterMain", "memberDated", "archiveLabels", "selfLinks", "offSite"]
LATE = set("torrserve meirtv oknesset lostfilm openews salesofia obfauto cmrwp haulimg scxblog hideskick fpgarch ouseful mediummcp "
           "meetupnot tlvcine liapm cscomaha mostaql mltoronto gameagg scoreto grouch csfdmeta spielerplus ap2arq pgcrawl fbidealista "
           "mkthack pricewatch alquiler hediyele bdsai ecomscr autohunter homescr zonaprop barcodebib myautoscr dqxhiroba nrfgrants "
           "rotoloauto religiocat sagikoza chunchu twstrait riceminer hupickaxe plgamedeals plkompoto deflathunt svflashback svhomefind "
           "daboliga desnacktory cssreality cmecknc grcalmi stlmeet ednewsfx lrsseimas pdlperu geprisdfg hepcrawl indycsc".split())


def group_of(page):
    corpus, name = page.split(":", 1)
    if corpus == "public":
        return "public"
    return "36-42" if name.split("__")[0] in LATE else "1-35"


def load(observe_file, scores_file):
    scores = json.load(open(scores_file))
    rows = [json.loads(line) for line in open(observe_file)]
    for row in rows:
        row["group"] = group_of(row["page"])
        outcome = scores.get(row["page"], {})
        row["got"] = str(outcome.get("got"))
        row["now_f1"] = outcome.get("f1", 0)
        row["refused"] = row["got"] == "unsupported_surface"
    return rows


def inventory(rows):
    wrong = []
    for row in rows:
        if row["label"] == "article" and row["got"] != "unsupported_surface":
            wrong.append(("single page given as list" if "items" in row["got"] else f"single page: {row['got']}", row))
        elif row["label"] == "list" and row["refused"]:
            kind = "list refused"
            wrong.append((kind, row))
        elif row["label"] == "list" and "items" not in row["got"]:
            wrong.append((f"list: {row['got']}", row))
    by_kind = defaultdict(lambda: defaultdict(list))
    for kind, row in wrong:
        by_kind[kind][row["group"]].append(row)
    for kind, groups in sorted(by_kind.items()):
        print(f"\n## {kind}")
        for group, members in sorted(groups.items()):
            repos = Counter(row["repo"] for row in members)
            print(f"  {group}: {len(members)} pages, {len(repos)} repositories")
            for row in members:
                f = row.get("features") or {}
                facts = " ".join(f"{name}={f.get(name, 0):.2f}" for name in ["rules", "members"] + CANDIDATE + ["bodyShare", "rowCount"])
                shipped = row.get("shipped")
                print(f"    {row['page'][:70]:70s} p={shipped if shipped is None else round(shipped, 2)} f1_if_kept={row['f1']} {facts}")


THRESHOLDS = [0.5, 0.6, 0.7, 0.8]


def main():
    rows = load(sys.argv[1], sys.argv[2])
    args = sys.argv[3:]
    if "--inventory" in args:
        inventory(rows)
    if "--refit" in args or "--ship" in args:
        model_rows = gated(rows)
        shipped = np.array([row["shipped"] for row in model_rows])
        print(f"\n{len(model_rows)} pages reach the fitted gate with members, {len(set(r['repo'] for r in model_rows))} repositories")
        print("shipped model (partly in sample):", tally(model_rows, shipped >= 0.5))
        for group in ["public", "1-35", "36-42"]:
            part = [i for i, row in enumerate(model_rows) if row["group"] == group]
            print(f"  {group}: shipped", tally([model_rows[i] for i in part], shipped[part] >= 0.5))
        sets = {"base15": BASE, "base+candidate": BASE + CANDIDATE, "base+page": BASE + PAGE, "all": BASE + PAGE + CANDIDATE,
                # The candidate facts that vary on more than a handful of pages (archiveLabels and selfLinks
                # are non-zero on 1-2 pages of each class: a weight on them is a weight on those pages).
                "base+reading": BASE + ["afterMain", "memberDated", "offSite"],
                "base+page+reading": BASE + PAGE + ["afterMain", "memberDated", "offSite"]}
        chosen = [name for name in sets if "--ship" not in args or name == args[args.index("--ship") + 1]]
        for name in chosen:
            for lam in ([0.3, 3, 30] if "--lambdas" in args else [0.3]):
                held, model = loro(model_rows, sets[name], lam)
                print(f"\n{name} (lambda {lam}): LORO {tally(model_rows, held >= 0.5)}")
                for group in ["public", "1-35", "36-42"]:
                    part = [i for i, row in enumerate(model_rows) if row["group"] == group]
                    print(f"  {group}: LORO", tally([model_rows[i] for i in part], held[part] >= 0.5))
                insample = pred(model, matrix(model_rows, sets[name]))
                print(f"  in sample: {tally(model_rows, insample >= 0.5)}")
                for cut in THRESHOLDS:
                    print(f"  threshold {cut}: LORO {tally(model_rows, held >= cut)}; in sample {tally(model_rows, insample >= cut)}")
                    print(f"    LORO 36-42: {tally([r for r in model_rows if r['group'] == '36-42'], held[[i for i, r in enumerate(model_rows) if r['group'] == '36-42']] >= cut)}")
                w = model[0]
                print("  weights:", ", ".join(f"{n} {v:+.2f}" for n, v in sorted(zip(sets[name], w), key=lambda t: -abs(t[1]))))
                if "--moves" in args:
                    cut = float(args[args.index("--moves") + 1])
                    compare(model_rows, insample >= cut, f"{name} in sample at {cut}")
                    compare(model_rows, held >= cut, f"{name} LORO at {cut}")


if __name__ == "__main__":
    main()
