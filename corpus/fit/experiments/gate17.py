"""Seventeenth session (issue #16): the list-vs-single gate, walls and app shells with batches 96-106
as development data. Only what is new here: gate16.py's inventory, moves, forward and outcome tables
run on this session's groups (1-60, 61-73, 74-84, 85-95, 96-106) and its fifth forward set (<= 95 ->
96-106), and the product-page rule's variants counted on gate17.mjs's facts (--product).

  python3 corpus/fit/experiments/gate17.py --inventory SCORES
  python3 corpus/fit/experiments/gate17.py --moves BEFORE AFTER
  python3 corpus/fit/experiments/gate17.py --forward BEFORE AFTER
  python3 corpus/fit/experiments/gate17.py --outcomes SCORES [SCORES ...]
  python3 corpus/fit/experiments/gate17.py --product FACTS SCORES   (FACTS: gate17.mjs --out)"""
import json
import sys

import gate16

gate16.GROUPS = ["public", "1-60", "61-73", "74-84", "85-95", "96-106"]
gate16.FORWARD = [(50, (51, 60)), (60, (61, 73)), (73, (74, 84)), (84, (85, 95)), (95, (96, 106))]


def group_of(page):
    batch = gate16.batch_of(page)
    if batch == 0:
        return "public"
    for last, name in ((60, "1-60"), (73, "61-73"), (84, "74-84"), (95, "85-95")):
        if batch <= last:
            return name
    return "96-106"


gate16.group_of = group_of

# The product-page rule's variants: (name, test on one page's facts).
VARIANTS = [
    ("heading names page, outside list, buy or declared (loose)",
     lambda p: p["headings"] <= 1 and p["headingNamesPage"] and not p["headingInList"] and (p["buyControls"] > 0 or p["declaredProduct"])),
    ("... + a price beside the heading",
     lambda p: p["headings"] <= 1 and p["headingNamesPage"] and not p["headingInList"] and (p["buyControls"] > 0 or p["declaredProduct"]) and p["pricesBesideHeading"] > 0),
    ("heading names page, outside list, buy box beside the heading",
     lambda p: p["headings"] <= 1 and p["headingNamesPage"] and not p["headingInList"] and p["buyBesideHeading"] > 0),
    ("... + a price beside the heading",
     lambda p: p["headings"] <= 1 and p["headingNamesPage"] and not p["headingInList"] and p["buyBesideHeading"] > 0 and p["pricesBesideHeading"] > 0),
    ("heading names page, outside list, price beside it, buy beside it or declared",
     lambda p: p["headings"] <= 1 and p["headingNamesPage"] and not p["headingInList"] and p["pricesBesideHeading"] > 0 and (p["buyBesideHeading"] > 0 or p["declaredProduct"])),
    ("one h1, naming the page, outside list, a buy box (1-4 controls) beside it, or a declared product with a price beside it",
     lambda p: p["headings"] <= 1 and p["headingNamesPage"] and not p["headingInList"]
     and (1 <= p["buyBesideHeading"] <= 4 or (p["declaredProduct"] and p["pricesBesideHeading"] > 0))),
    ("... the one h1 text among several that names the page (productPages; facts of gate17.mjs after e7ff4f4)",
     lambda p: p.get("namingHeadings", 0) == 1 and p["headingNamesPage"] and not p["headingInList"]
     and (1 <= p["buyBesideHeading"] <= 4 or (p["declaredProduct"] and p["pricesBesideHeading"] > 0))),
]


def product(facts_path, scores_path):
    """Each variant: the single pages given as lists it would refuse, and the kept lists it would refuse, by group."""
    scores = json.load(open(scores_path))
    rows = [json.loads(line) for line in open(facts_path)]
    for name, test in VARIANTS:
        caught, lost = [], []
        for row in rows:
            facts, page = row.get("product"), row["page"]
            if not facts or page not in scores or not test(facts):
                continue
            expected, got = gate16.kind(scores[page])
            if got != "list":
                continue
            (caught if expected == "not_a_list" else lost if expected == "list" else []).append(page)
        repos = lambda pages: len(set(map(gate16.repo_of, pages)))
        print(f"{name}: single pages caught {len(caught)} ({repos(caught)} repositories); lists refused {len(lost)} ({repos(lost)}), "
              f"{sum(scores[p]['f1'] >= 0.8 for p in lost)} of them at F1 >= 0.8")
        for page in caught:
            print(f"   + {group_of(page):6s} {page.split(':', 1)[1][:70]}")
        for page in lost:
            print(f"   - {group_of(page):6s} {page.split(':', 1)[1][:70]} F1 {scores[page]['f1']}")


def main():
    if sys.argv[1] == "--product":
        product(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "--outcomes":
        gate16.outcomes(sys.argv[2:])
    elif sys.argv[1] == "--forward":
        gate16.forward_sets(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "--inventory":
        gate16.inventory(sys.argv[2])
    elif sys.argv[1] == "--moves":
        gate16.moves(sys.argv[2], sys.argv[3])


if __name__ == "__main__":
    main()
