#!/usr/bin/env python3
"""Candidate ranking, sixteenth session (issue #16): what is new beside the fifteenth session's scripts.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,95 --dump /tmp/c.json
    python3 corpus/fit/experiments/rank16.py forward /tmp/c.json [--learner cl|challenger|both] [--bar 8] [--moves]
        forward15.py with the fourth forward set: fit on <= 84, test on 85-95 (batches 85-95 were held
        out last session), beside the three sets of last session.
    python3 corpus/fit/experiments/rank16.py cv /tmp/c.json --learner challenger --folds 23 --bar 8 [--moves]
        refit14.py (leave repositories out; before = each fold fitted without batches 85-95, after = with
        them).
    python3 corpus/fit/experiments/rank16.py sections /tmp/c.json SCORES
        the sectioned-front kind: own list pages under 0.8 whose output is the DOM leader, where two or
        more leading candidates of one kind (headline links of the page's own stories) sit side by side
        and the right list is bigger than any of them (the truth counts more items than the leader).

The dump holds no candidate's items, so a join of sections cannot be scored offline (only counted),
and the pages `contentOverNavigation` moves today are not the DOM leader's in the dump (their output
is the moved list), so a change of that rule is judged through the cascade, not here.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import batches  # noqa: E402
import forward15  # noqa: E402

FORWARD_SPLITS = forward15.SPLITS + [(84, '85-95')]


def forward(argv):
    forward15.SPLITS = FORWARD_SPLITS
    sys.argv = [sys.argv[0]] + argv
    forward15.main()


def cv(argv):
    import refit14  # noqa: F401  (installs the bar when --bar is given)
    import refit
    sys.argv = [sys.argv[0]] + argv
    refit.main(new='85-95', script='rank16.py cv')


GROUPS = batches.groups('61-73,74-84,85-95')


def sections(argv):
    """The sectioned-front kind, counted by repository and batch group."""
    dump = {p['page']: p for p in json.load(open(argv[0])) if p['corpus'] == 'own' and not p['expectError']}
    scores = json.load(open(argv[1]))
    names = json.load(open(argv[0] + '.features.json'))
    ix = {name: i for i, name in enumerate(names)}
    found = []
    for key, score in scores.items():
        page = key.split(':', 1)[1]
        p = dump.get(page)
        if not p or score.get('f1') is None or score['f1'] >= 0.8 or 'items' not in str(score.get('got', '')):
            continue
        cands = p['candidates']
        p['expectedCount'] = json.load(open(f'corpus/truth/{page}.json')).get('expected_count') or 0
        if not cands or abs(score['f1'] - cands[0]['f1']) > 0.02:
            continue
        # Sections: leading candidates that are not nested in each other, each with some of the truth
        # (F1 > 0) and fewer items than the truth expects.
        count = lambda c: 2 ** c['x'][ix['count']] - 1
        parts = [c for c in cands[:12] if c['f1'] > 0 and not c['x'][ix['insideOther']] and not c['x'][ix['enclosesOther']]
                 and count(c) < p['expectedCount']]
        if len(parts) >= 2 and count(cands[0]) < p['expectedCount'] * 0.8:
            repo = page.split('__')[0]
            found.append((batches.group_of(page, GROUPS, '1-60'), repo, page, round(score['f1'], 3), p['expectedCount'],
                          [(round(count(c)), round(c['f1'], 2)) for c in parts[:5]]))
    for row in sorted(found):
        print(*row)
    by_group = {}
    for group, repo, *_ in found:
        by_group.setdefault(group, set()).add(repo)
    print({g: (sum(1 for r in found if r[0] == g), len(repos)) for g, repos in sorted(by_group.items())},
          'pages / repositories; all:', len(found), len({r[1] for r in found}))


if __name__ == '__main__':
    {'forward': forward, 'cv': cv, 'sections': sections}[sys.argv[1]](sys.argv[2:])
