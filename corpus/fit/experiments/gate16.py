"""Sixteenth session (issue #16): the list-vs-single gate and the wall/app-shell classes judged with
batches 85-95 as development data. Only what is new here: the four own batch groups of this session
(1-60, 61-73, 74-84, 85-95), the class inventory of every development page from a score file
(score-inprocess.mjs --out), the moves between two score files by class, and the discussion check's
variants counted offline on discussion15.mjs's facts and discussion16.mjs's items (--threads is not
built: the variants were counted by hand in the session, see BENCHMARKS.md).

  python3 corpus/fit/experiments/gate16.py --inventory SCORES
  python3 corpus/fit/experiments/gate16.py --moves BEFORE AFTER
  python3 corpus/fit/experiments/gate16.py --forward BEFORE AFTER
  python3 corpus/fit/experiments/gate16.py --outcomes SCORES [SCORES ...]
  python3 corpus/fit/experiments/gate16.py --threads SCORES DISCUSSION ITEMS"""
import json
import sys
from collections import Counter, defaultdict

import batches

GROUPS = ["public", "1-60", "61-73", "74-84", "85-95"]
BATCH_OF_PREFIX = {prefix: number for number, prefixes in batches.BY_BATCH.items() for prefix in prefixes}
# Forward chaining: the batches a decision may see, and the held-out set after them.
FORWARD = [(50, (51, 60)), (60, (61, 73)), (73, (74, 84)), (84, (85, 95))]


def batch_of(page):
    corpus, name = page.split(":", 1)
    return 0 if corpus == "public" else BATCH_OF_PREFIX.get(name.split("__")[0], 9)


def group_of(page):
    batch = batch_of(page)
    if batch == 0:
        return "public"
    return "1-60" if batch <= 60 else "61-73" if batch <= 73 else "74-84" if batch <= 84 else "85-95"


def repo_of(page):
    return page.split(":", 1)[1].split("__")[0]


def got_class(value):
    got = value["got"] or ""
    if got.endswith("items"):
        return "list"
    if "blocked" in got:
        return "blocked"
    if "app_shell" in got or "app shell" in got:
        return "app_shell"
    return "not_a_list"


def kind(value):
    """(expected class, got class) of one scored page."""
    expected = value.get("expected") or "list"
    expected = {"blocked_surface": "blocked", "unsupported_surface": "not_a_list"}.get(expected, expected)
    return expected, got_class(value)


def inventory(path):
    scores = json.load(open(path))
    cells = defaultdict(lambda: defaultdict(list))
    totals = defaultdict(Counter)
    for page, value in scores.items():
        expected, got = kind(value)
        group = group_of(page)
        totals[group][expected] += 1
        if expected == "list":
            if got == "list":
                continue
            cells[f"list refused as {got}"][group].append(page)
        elif got != expected and not (expected == "not_a_list" and got == "not_a_list"):
            cells[f"{expected} given as {got}"][group].append(page)
    print(f"| kind | {' | '.join(GROUPS)} |\n|---|{'---|' * len(GROUPS)}")
    for name in sorted(cells):
        row = []
        for group in GROUPS:
            pages = cells[name][group]
            row.append(f"{len(pages)} ({len(set(map(repo_of, pages)))})" if pages else "0")
        print(f"| {name} | {' | '.join(row)} |")
    print("| pages | " + " | ".join(", ".join(f"{k} {v}" for k, v in sorted(totals[g].items())) for g in GROUPS) + " |")
    for name in sorted(cells):
        print(f"\n{name}:")
        for group in GROUPS:
            for page in sorted(cells[name][group]):
                print(f"  {group:6s} {page.split(':', 1)[1][:70]:70s} {scores[page]['got']}")


def moves(before_path, after_path):
    before, after = json.load(open(before_path)), json.load(open(after_path))
    ups, downs = [], []
    for page in sorted(set(before) & set(after)):
        b, a = before[page]["f1"], after[page]["f1"]
        if a != b:
            (ups if a > b else downs).append(f"{group_of(page):6s} {page.split(':', 1)[1][:70]:70s} {b} -> {a} ({before[page]['got']} -> {after[page]['got']})")
    print(f"up {len(ups)} pages ({len(set(u.split()[1].split('__')[0] for u in ups))} repositories), down {len(downs)} ({len(set(d.split()[1].split('__')[0] for d in downs))})")
    for line in ups:
        print("  +", line)
    for line in downs:
        print("  -", line)


def forward_sets(before_path, after_path):
    """The moves between two score files on each forward-chaining held-out set (a hand rule is fixed:
    the set it is tested on is the batches after the ones its decision saw)."""
    before, after = json.load(open(before_path)), json.load(open(after_path))
    for _, (first, last) in FORWARD:
        pages = [p for p in before if p in after and first <= batch_of(p) <= last]
        lists = [p for p in pages if not before[p].get("expected")]
        others = [p for p in pages if before[p].get("expected")]
        up = [p for p in pages if after[p]["f1"] > before[p]["f1"]]
        down = [p for p in pages if after[p]["f1"] < before[p]["f1"]]
        right = lambda scores: sum(scores[p]["f1"] == 1 for p in others)
        f1 = lambda scores: sum(scores[p]["f1"] for p in lists)
        print(f"{first}-{last}: {len(pages)} pages; singles/walls/shells right {right(before)} -> {right(after)}/{len(others)}; "
              f"lists F1 sum {f1(before):.1f} -> {f1(after):.1f} ({len(lists)} lists); up {len(up)} down {len(down)}")
        for p in up:
            print(f"   + {p.split(':', 1)[1][:70]} {before[p]['f1']} -> {after[p]['f1']}")
        for p in down:
            print(f"   - {p.split(':', 1)[1][:70]} {before[p]['f1']} -> {after[p]['f1']}")


def outcomes(paths):
    """Lists' mean F1 and count at >= 0.8, and single pages, walls and shells right, by group."""
    for path in paths:
        scores = json.load(open(path))
        cells = []
        for group in GROUPS:
            part = {k: v for k, v in scores.items() if group_of(k) == group}
            lists = [v["f1"] for v in part.values() if not v.get("expected")]
            others = [v["f1"] for v in part.values() if v.get("expected")]
            cells.append(f"{group}: lists {sum(lists) / max(1, len(lists)):.3f}, {sum(f >= 0.8 for f in lists)}/{len(lists)}; "
                         f"singles/walls/shells {sum(f == 1 for f in others)}/{len(others)}")
        print(f"{path}:\n  " + "\n  ".join(cells))


def main():
    if sys.argv[1] == "--outcomes":
        outcomes(sys.argv[2:])
    elif sys.argv[1] == "--forward":
        forward_sets(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "--inventory":
        inventory(sys.argv[2])
    elif sys.argv[1] == "--moves":
        moves(sys.argv[2], sys.argv[3])


if __name__ == "__main__":
    main()
