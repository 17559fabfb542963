#!/usr/bin/env python3
"""Navigation over a short content list, offline (issue #16, fifteenth session): what the hand rule
`contentOverNavigation` (packages/auto-source/src/dom/content-over-navigation.ts) does on every page of
the candidates' dump, over a sweep of its thresholds.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,84 --dump /tmp/c.json
    python3 corpus/fit/experiments/menu_content15.py /tmp/c.json [--moves]

The leader reads as the site's navigation when it is a menu (navRows >= 0.6, labels >= 80 % distinct,
>= 6 rows) or sits in the chrome (the hand score's boilerplateAncestry or chromeNames >= 0.5). The
replacement is the first candidate within GAP hand points with a link in >= 80 % of its items, dates
or images in >= half of them, not nested inside another leading candidate, and either outside the
chrome (chrome leader) or, under a menu, with navRows at least 0.5 under the menu's and at most 1/RATIO
of its items. Pages are scored with ranking_offline's proxy; moves and scores by batch group (1-60,
61-73, 74-84, public). The dump's order is the hand order before menuLeader; pages menuLeader already
decides are not the DOM leader's in the proxy and do not move.
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import batches  # noqa: E402
import refit  # noqa: E402
from ranking_offline import evaluate, load  # noqa: E402

GROUPS = [('61-73', batches.pattern(61, 73)), ('74-84', batches.pattern(74, 84))]


def group(p):
    if p['corpus'] == 'public':
        return 'public'
    return batches.group_of(p['page'], GROUPS, '1-60')


def chrome(x, ix):
    return max(x[ix['chromeNames']], x[ix['boilerplateAncestry']])


def rule(ix, gap, ratio):
    def choose(p):
        if len(p['f']) < 2:
            return 0
        x, hands = p['X'], [c['hand'] for c in p['candidates']]
        leader = x[0]
        menu = leader[ix['navRows']] >= 0.6 and leader[ix['titleUniqueness']] >= 0.8 and 2 ** leader[ix['count']] - 1 >= 6
        chromed = chrome(leader, ix) >= 0.5
        if not (menu or chromed):
            return 0
        for j in range(1, len(hands)):
            if hands[0] - hands[j] > gap:
                break
            c = x[j]
            if c[ix['insideOther']] != 0 or c[ix['linkedItems']] < 0.8:
                continue
            if not (c[ix['datesPresent']] >= 0.5 or c[ix['images']] >= 0.5):
                continue
            if chromed and chrome(c, ix) == 0:
                return j
            if menu and c[ix['navRows']] <= leader[ix['navRows']] - 0.5 and c[ix['count']] <= leader[ix['count']] - np.log2(ratio):
                return j
        return 0
    return choose


def main():
    pages = load(sys.argv[1])
    names = json.load(open(sys.argv[1] + '.features.json'))
    ix = {name: i for i, name in enumerate(names)}
    groups = {p['page']: group(p) for p in pages}
    base = {g: evaluate([p for p in pages if group(p) == g], lambda p: 0) for g in ('1-60', '61-73', '74-84', 'public')}
    print('hand', {g: v['public' if g == 'public' else 'own'] for g, v in base.items()})
    for gap in (1, 1.5, 2, 2.5, 3, 4):
        for ratio in (1.2, 1.5, 2):
            chooser = rule(ix, gap, ratio)
            choice = {p['page']: chooser(p) if p['dom'] else 0 for p in pages}
            up, down = refit.moves(pages, choice)
            by = {g: evaluate([p for p in pages if group(p) == g], lambda p: choice[p['page']]) for g in base}
            high = [m for m in down if m[2] >= 0.8]
            shipped = ' (shipped)' if (gap, ratio) == (2, 1.2) else ''
            print(f'gap {gap} ratio {ratio}{shipped}: up {len(up)} pages / {len({m[1] for m in up})} repos, down {len(down)} / {len({m[1] for m in down})} ({len(high)} from >= 0.8);',
                  {g: v['public' if g == 'public' else 'own'] for g, v in by.items()})
            if '--moves' in sys.argv and shipped:
                for m in up:
                    print('   up', groups[m[0]], *m)
                for m in down:
                    print('   down', groups[m[0]], *m)

if __name__ == '__main__':
    main()
