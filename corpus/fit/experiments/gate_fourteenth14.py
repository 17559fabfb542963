"""Fourteenth session (issue #16): the list-vs-single decision on every development page (public
corpus, own batches 1-73), the default gate against the twelfth session's corrected gate
(`CORRECTED_ARTICLE_GATE_MODEL`), and the thread facts of surface/article-thread.ts. Only what is
new here: the batch groups (public, 1-60, 61-73), the corrected gate's verdict read from its model
file, and post-gate checks counted against both gates; the learners are gate_thirteenth.py's.

  PAGEFEED_SHARED=../shared node corpus/fit/experiments/gate_observe9.mjs --out OBSERVE
  PAGEFEED_SHARED=../shared node corpus/tools/score-inprocess.mjs --out SCORES
  CORRECTED_GATE=1 PAGEFEED_SHARED=../shared node corpus/tools/score-inprocess.mjs --out CORRECTED
  python3 gate_fourteenth14.py OBSERVE SCORES CORRECTED [--inventory] [--separation] [--checks] [--offset FACT,...] [--refit [--sets a,b]]
  python3 gate_fourteenth14.py --outcomes SCORES [SCORES ...]"""
import json
import os
import re
import sys
from collections import defaultdict

import numpy as np

import batches
import gate_thirteenth
import gate_twelfth
from gate_thirteenth import by_group, offset_fit, refit, SETS, SUBJECT
from gate_twelfth import gated, tally

HERE = os.path.dirname(os.path.abspath(__file__))
THREAD = ["repeatedText", "sharedLabels", "memberBody", "linkedShare", "siblingShare"]


GROUPS, group_of = batches.split_at(61, 73, '1-60')

gate_thirteenth.GROUPS = GROUPS
gate_thirteenth.group_of = group_of
gate_twelfth.group_of = group_of


def model_file(name):
    text = open(os.path.join(HERE, "../../../packages/auto-source/src/surface", name)).read()
    field = lambda key: json.loads(re.search(rf"{key}: (\[[^\]]*\])", text).group(1))
    return {"features": field("features"), "weights": field("weights"), "means": field("means"), "scales": field("scales"),
            "bias": float(re.search(r"bias: (-?[\d.]+)", text).group(1))}


def probability(model, features):
    total = model["bias"]
    for name, w, m, s in zip(model["features"], model["weights"], model["means"], model["scales"]):
        total += w * max(-3, min(3, (features.get(name, 0) - m) / (s or 1)))
    return 1 / (1 + np.exp(-total))


def data_table_kept(features):
    """create-auto-source.ts: a refused page keeps its list when >= 10 members, half of them headed-table rows."""
    return round(10 ** features.get("members", 0) - 1) >= 10 and features.get("dataTable", 0) >= 0.5


def load(observe_file, scores_file, corrected_file):
    rows = gate_twelfth.load(observe_file, scores_file)
    corrected_scores = json.load(open(corrected_file))
    corrected = model_file("article-gate-corrected-model.ts")
    for row in rows:
        row["group"] = group_of(row["page"])
        row["prefix"] = row["page"].split(":", 1)[1].split("__")[0]
        outcome = corrected_scores.get(row["page"], {})
        row["got_corrected"] = str(outcome.get("got"))
        row["f1_corrected"] = outcome.get("f1", 0)
        if row.get("features") and row["features"].get("members", 0) > 0:
            row["corrected"] = probability(corrected, row["features"])
    return rows


def inventory(rows, key, label):
    """Every page whose class is wrong under one gate, by kind, group and repository (page prefix)."""
    kinds = defaultdict(lambda: defaultdict(list))
    for row in rows:
        got = row[key]
        path = "fitted gate" if (row.get("features") or {}).get("members", 0) > 0 else "rules' path"
        if row["label"] == "article" and got != "unsupported_surface":
            kind = f"single page given as a list ({path})" if "items" in got else f"single page: {got}"
        elif row["label"] == "list" and got == "unsupported_surface":
            kind = f"list refused ({path}), {'>= 0.8' if row['f1'] >= 0.8 else '0.5-0.8' if row['f1'] >= 0.5 else '< 0.5'} if kept"
        elif row["label"] == "list" and "items" not in got:
            kind = f"list: {got}"
        else:
            continue
        kinds[kind][row["group"]].append(row)
    print(f"\n## {label}\n| kind | " + " | ".join(GROUPS) + " |\n|---|---|---|---|")
    for kind, groups in sorted(kinds.items()):
        cells = [f"{len(groups.get(g, []))} ({len(set(r['prefix'] for r in groups.get(g, [])))})" if groups.get(g) else "0" for g in GROUPS]
        print(f"| {kind} | " + " | ".join(cells) + " |")
    for group in GROUPS:
        part = [r for r in rows if r["group"] == group]
        lists = [r for r in part if r["label"] == "list"]
        singles = [r for r in part if r["label"] == "article"]
        print(f"right, {group}: lists {sum(1 for r in lists if 'items' in r[key])}/{len(lists)}, singles {sum(1 for r in singles if r[key] == 'unsupported_surface')}/{len(singles)}")
    for kind, groups in sorted(kinds.items()):
        print(f"\n### {kind}")
        for group in GROUPS:
            for row in groups.get(group, []):
                f = row.get("features") or {}
                facts = " ".join(f"{n}={f.get(n, 0):.2f}" for n in ["members", "afterMain", "memberDated", "offSite", "selfLinks", "inChrome", "headingsBefore", "textBefore"] + THREAD)
                p = row.get("shipped")
                c = row.get("corrected")
                print(f"  {group:6s} {row['page'][:70]:70s} p={'-' if p is None else round(p, 2)} pc={'-' if c is None else round(c, 2)} f1={row['f1']} {facts}")


def separation(rows, names):
    print("\n| input | lists: mean, >= 0.5 (prefixes) | singles: mean, >= 0.5 (prefixes) | singles given as lists (default) | singles let through by the corrected gate |")
    for name in names:
        cells = []
        for label in ["list", "article"]:
            part = [r for r in rows if r["label"] == label]
            values = [r["features"].get(name, 0) for r in part]
            high = [r for r in part if r["features"].get(name, 0) >= 0.5]
            cells.append(f"{np.mean(values):.2f}, {len(high)} ({len(set(r['prefix'] for r in high))})")
        wrong = [r["features"].get(name, 0) for r in rows if r["label"] == "article" and r["shipped"] < 0.5]
        through = [r["features"].get(name, 0) for r in rows if r["label"] == "article" and r["shipped"] >= 0.5 and r["corrected"] < 0.5]
        print(f"| `{name}` | " + " | ".join(cells) + f" | {np.mean(wrong):.2f} ({len(wrong)}) | {np.mean(through) if through else 0:.2f} ({len(through)}) |")


def decided(row, probability_key, check=None):
    """The gate's verdict (article = True) with the data-table rule, then an optional post-gate check."""
    article = row[probability_key] >= 0.5
    if article and data_table_kept(row["features"]):
        article = False
    if not article and check is not None and check(row["features"]):
        article = True
    return article


def moves(rows, decide, label):
    """Pages whose verdict differs from the default gate's (with the data-table rule), by kind and prefix."""
    ups, downs = defaultdict(list), defaultdict(list)
    for row, d in zip(rows, decide):
        base = decided(row, "shipped")
        if d == base:
            continue
        if row["label"] == "article":
            (ups if d else downs)["single page " + ("caught" if d else "let through")].append(row)
        elif d:
            (downs if row["now_f1"] >= 0.8 else downs)[f"list refused (now F1 {'>= 0.8' if row['now_f1'] >= 0.8 else '< 0.8'})"].append(row)
        else:
            (ups if row["f1"] > row["now_f1"] else downs)[f"list kept ({'>= 0.8' if row['f1'] >= 0.8 else '< 0.8'} if kept)"].append(row)
    print(f"\n### {label}")
    for name, table in [("up", ups), ("down/none", downs)]:
        for kind, part in sorted(table.items()):
            print(f"  {name} {kind}: {len(part)} pages, {len(set(r['prefix'] for r in part))} prefixes: " + ", ".join(f"{r['page'].split(':', 1)[1][:48]}({r['group']})" for r in part))


def thread_check(features):
    """A discussion read as one page: the members' text repeats and each member's row holds a body."""
    return features.get("repeatedText", 0) >= REPEATED and features.get("rowBody", 0) >= BODY and features.get("rowLinkShare", 1) <= SHARE


REPEATED, BODY, SHARE = 0.3, np.log10(1 + 150), 0.2


def outcomes(files):
    """Lists' mean F1 and pages at >= 0.8, single pages right, by batch group, for each score file."""
    for path in files:
        scores = json.load(open(path))
        cells = []
        for group in GROUPS:
            part = {k: v for k, v in scores.items() if group_of(k) == group}
            lists = [v for v in part.values() if not v.get("expected")]
            singles = [v for v in part.values() if v.get("expected") == "not_a_list"]
            cells.append(f"{group}: lists {np.mean([v['f1'] for v in lists]):.3f}, {sum(v['f1'] >= 0.8 for v in lists)}/{len(lists)}; singles {sum(v['f1'] == 1 for v in singles)}/{len(singles)}")
        print(f"{os.path.basename(path)}: " + " | ".join(cells))


def main():
    if sys.argv[1] == "--outcomes":
        outcomes(sys.argv[2:])
        return
    rows = load(sys.argv[1], sys.argv[2], sys.argv[3])
    args = sys.argv[4:]
    if "--inventory" in args:
        inventory(rows, "got", "default gate (main 57acce4)")
        inventory(rows, "got_corrected", "corrected gate (CORRECTED_GATE=1)")
    model_rows = gated(rows)
    for row in model_rows:
        row["corrected"] = row.get("corrected", row["shipped"])
    print(f"\n{len(model_rows)} pages reach the fitted gate with members, {len(set(r['repo'] for r in model_rows))} repositories")
    default = np.array([decided(r, "shipped") for r in model_rows])
    corrected = np.array([decided(r, "corrected") for r in model_rows])
    print("default gate:", tally(model_rows, default), "|", by_group(model_rows, default))
    print("corrected gate:", tally(model_rows, corrected), "|", by_group(model_rows, corrected))
    moves(model_rows, corrected, "corrected gate against the default")
    if "--separation" in args:
        separation(model_rows, THREAD + ["afterMain", "inChrome", "selfLinks", "headingsBefore", "textBefore", "figureBefore"])
    if "--checks" in args:
        f = lambda r, name: r["features"].get(name, 0)
        variants = {
            # The corrected gate may overturn the default gate's refusal only when the list does not link
            # to pages of the page's own address kind (an item page's related block links to its siblings).
            "corrected unless siblings >= 0.5 (default refusal stands)": lambda r: decided(r, "corrected") or (decided(r, "shipped") and f(r, "siblingShare") >= 0.5),
            "corrected unless siblings >= 0.8": lambda r: decided(r, "corrected") or (decided(r, "shipped") and f(r, "siblingShare") >= 0.8),
            "corrected unless siblings >= 0.4 or a figure before": lambda r: decided(r, "corrected") or (decided(r, "shipped") and (f(r, "siblingShare") >= 0.4 or f(r, "figureBefore") >= 1)),
            "corrected, refuse siblings >= 0.8 at corrected p >= 0.3": lambda r: decided(r, "corrected") or (r["corrected"] >= 0.3 and f(r, "siblingShare") >= 0.8),
            "default, refuse siblings >= 0.8 at p >= 0.3": lambda r: decided(r, "shipped") or (r["shipped"] >= 0.3 and f(r, "siblingShare") >= 0.8),
            "thread: shared labels >= 0.8, body >= 60 chars, linked <= 0.35": lambda r: decided(r, "shipped") or (f(r, "sharedLabels") >= 0.8 and f(r, "memberBody") >= np.log10(61) and f(r, "linkedShare") <= 0.35),
            "thread: repeated member text >= 0.4 and body >= 30 chars": lambda r: decided(r, "shipped") or (f(r, "repeatedText") >= 0.4 and f(r, "memberBody") >= np.log10(31)),
        }
        for name, rule in variants.items():
            d = np.array([rule(r) for r in model_rows])
            print(f"\n{name}: {tally(model_rows, d)} | {by_group(model_rows, d)}")
            moves(model_rows, d, name)
    if "--offset" in args:
        facts = args[args.index("--offset") + 1].split(",")
        for rows_in, name in [(model_rows, "shipped offset")]:
            held, model, insample = offset_fit(rows_in, facts, 1.0, "--no-bias" not in args)
            # The data-table rule stands after any gate (create-auto-source.ts), so it is applied here too.
            table = np.array([data_table_kept(r["features"]) for r in rows_in])
            held_d, insample_d = (held >= 0.5) & ~table, (insample >= 0.5) & ~table
            print(f"\ncorrection by {facts}: LORO {tally(rows_in, held_d)} | {by_group(rows_in, held_d)}")
            print(f"  in sample {tally(rows_in, insample_d)} | {by_group(rows_in, insample_d)}")
            w, b, m, s = model
            print("  weights:", ", ".join(f"{n} {v:+.4f}" for n, v in zip(facts, w)), f"bias {b:+.4f}")
            print("  means", [round(float(v), 4) for v in m], "scales", [round(float(v), 4) for v in s])
            moves(rows_in, insample_d, "offset in sample (with the data-table rule)")
            moves(rows_in, held_d, "offset LORO (with the data-table rule)")
    if "--refit" in args:
        sets = dict(SETS)
        sets["base+candidate+twelfth+subject+thread"] = SETS["base+candidate+twelfth+subject"] + THREAD
        sets["base+candidate+thread"] = SETS["base+candidate"] + THREAD
        chosen = args[args.index("--sets") + 1].split(",") if "--sets" in args else list(sets)
        for name in chosen:
            held, model, insample = refit(model_rows, sets[name])
            print(f"\n{name}: LORO {tally(model_rows, held >= 0.5)} | {by_group(model_rows, held >= 0.5)}")
            print(f"  in sample {tally(model_rows, insample >= 0.5)}")


if __name__ == "__main__":
    main()
