#!/usr/bin/env python3
"""Offline checks of structural hand rules for "another block chosen" (issue #16, seventh session).

    node corpus/fit/fit-ranking.mjs --develop-on 15,16,17,18,19,20,21 --dump /tmp/candidates.json
    python3 corpus/fit/experiments/hand_rules_offline.py /tmp/candidates.json [--moves]

Needs python3 with numpy (Debian `python3-numpy`); nothing here ships. A hand rule here is not
fitted: it replaces the hand score's leader by another of the 12 leading candidates when a fixed
structural condition holds. Each rule is judged on every page of both corpora (nothing is fitted, so
no fold is needed) with the proxy of ranking_offline.py (the chosen candidate's F1 where the DOM
leader decides the page, else the cascade's score), and reported with the repositories whose pages
it moves up and down, which is the session's rule for extractor work: a rule must move pages of at
least three repositories up, and no page above 0.8 may get worse.

Rules (each guarded: not nested inside another leading candidate, not outside the main region when
the leader is inside it):
  earliest   sectioned fronts: the candidate that starts earliest in document order among those
             within `gap` hand points of the leader (optionally at least half the leader's span)
  text       a candidate holding clearly more of the leading candidates' text (share + 0.2)
  images     teaser pictures: a candidate whose rows carry pictures far more often than the
             leader's rows, with about as many items

It also prints, for the pages whose hand leader is clearly wrong while a good list is among the
leading candidates, how often the good candidate's inputs are above/equal/below the leader's,
beside the same count over pairs where the leader is right and a nearby candidate is wrong: an
input that separates the two is what a rule could use.
"""
import collections
import json
import sys

import numpy as np

FEATURES = ['count', 'smallList', 'linkedItems', 'headingLinks', 'headingTitles', 'titleLength', 'titleLeads',
            'shortTitles', 'titleUniqueness', 'datesPresent', 'contentPaths', 'utilityPaths', 'boilerplateAncestry',
            'chromeNames', 'linkDensity', 'mainContent', 'duplicateUrls', 'handGap', 'handRank', 'position', 'span',
            'depth', 'countShare', 'textShare', 'meanText', 'meanLinks', 'titleWords', 'images', 'sameHost',
            'droppedShare', 'siblings', 'insideOther', 'enclosesOther', 'kindParent', 'kindClass', 'kindSemantic']
IX = {name: index for index, name in enumerate(FEATURES)}


def load(path):
    pages = [p for p in json.load(open(path)) if not p['expectError']]
    for p in pages:
        p['X'] = np.array([c['x'] for c in p['candidates']]) if p['candidates'] else np.zeros((0, len(FEATURES)))
        p['f'] = np.array([c['f1'] for c in p['candidates']])
        p['dom'] = len(p['candidates']) > 0 and abs(p['rules'] - p['f'][0]) < 0.02
    return pages


def guarded(X, j):
    return X[j, IX['insideOther']] == 0 and X[j, IX['mainContent']] >= X[0, IX['mainContent']]


def earliest(gap, span_ratio):
    def rule(X):
        best = 0
        for j in range(1, len(X)):
            if (X[j, IX['handGap']] <= gap and X[j, IX['position']] < X[best, IX['position']] - 0.02 and guarded(X, j)
                    and X[j, IX['span']] >= span_ratio * X[0, IX['span']]):
                best = j
        return best
    return rule


def text_share(gap):
    def rule(X):
        best = 0
        for j in range(1, len(X)):
            if X[j, IX['handGap']] <= gap and X[j, IX['textShare']] > X[best, IX['textShare']] + 0.2 and guarded(X, j):
                best = j
        return best
    return rule


def images(gap, lead):
    def rule(X):
        for j in range(1, len(X)):
            if (X[j, IX['handGap']] <= gap and X[j, IX['images']] >= X[0, IX['images']] + lead and guarded(X, j)
                    and X[j, IX['count']] >= X[0, IX['count']] - 0.5):
                return j
        return 0
    return rule


def judge(pages, rule, label, show_moves):
    up, down = collections.defaultdict(list), collections.defaultdict(list)
    totals = {'own': [], 'public': []}
    for p in pages:
        j = rule(p['X']) if p['dom'] else 0
        totals[p['corpus']].append(p['f'][j] if p['dom'] else p['rules'])
        if p['dom'] and j and abs(p['f'][j] - p['f'][0]) > 0.005:
            side = up if p['f'][j] > p['f'][0] else down
            side[p['repo']].append((p['page'], round(float(p['f'][0]), 3), round(float(p['f'][j]), 3)))
    result = {k: (round(float(np.mean(v)), 4), int(sum(x >= 0.8 for x in v))) for k, v in totals.items()}
    worse_good = sum(1 for moves in down.values() for _, before, _ in moves if before >= 0.8)
    print(f'{label}: {result}; repositories up {len(up)}, down {len(down)}; pages >= 0.8 made worse {worse_good}')
    if show_moves:
        for repo, moves in sorted(up.items()):
            print('   +', repo, moves)
        for repo, moves in sorted(down.items()):
            print('   -', repo, moves)


def separation(pages):
    wrong, right = [], []
    for p in pages:
        if not p['dom'] or len(p['f']) < 2:
            continue
        f = p['f']
        b = int(np.argmax(f))
        if f[b] >= 0.5 and f[0] < f[b] - 0.1:
            wrong.append((p, b))
        elif f[0] >= 0.8:
            right += [(p, j) for j in range(1, len(f)) if f[j] < f[0] - 0.3 and p['X'][j, IX['handGap']] <= 3]
    print(f'\nleader wrong: {len(wrong)} pages from {len({p["repo"] for p, _ in wrong})} repositories; '
          f'leader right with a worse candidate within 3 points: {len(right)} pairs')
    print('input           good candidate vs leader (+ = 0 -)    worse candidate vs right leader (+ = 0 -)')
    for name in ['count', 'position', 'span', 'depth', 'textShare', 'meanText', 'images', 'mainContent',
                 'insideOther', 'enclosesOther', 'titleWords', 'datesPresent', 'headingLinks', 'linkDensity',
                 'sameHost', 'meanLinks', 'kindClass']:
        k = IX[name]
        count = lambda pairs: collections.Counter(np.sign(np.round([p['X'][j, k] - p['X'][0, k] for p, j in pairs], 3)))
        w, r = count(wrong), count(right)
        print(f'{name:15s} {w[1.0]:4d} {w[0.0]:4d} {w[-1.0]:4d}                        {r[1.0]:4d} {r[0.0]:4d} {r[-1.0]:4d}')


def main():
    pages = load(sys.argv[1])
    show = '--moves' in sys.argv
    judge(pages, lambda X: 0, 'hand score', show)
    for gap in (0.5, 1, 2, 3):
        for span_ratio in (0, 0.5):
            judge(pages, earliest(gap, span_ratio), f'earliest section, gap {gap}, span >= {span_ratio} x leader', show)
    for gap in (0.5, 1, 2):
        judge(pages, text_share(gap), f'larger text share, gap {gap}', show)
    for gap in (0.5, 1, 2):
        for lead in (0.5, 0.8):
            judge(pages, images(gap, lead), f'teaser images, gap {gap}, image share + {lead}', show)
    separation(pages)


if __name__ == '__main__':
    main()
