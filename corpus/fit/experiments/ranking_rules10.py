#!/usr/bin/env python3
"""Hand rules against a wrong DOM leader, judged offline (issue #16, tenth session).

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,35 --dump /tmp/c.json
    node corpus/fit/experiments/repeated_links.mjs --develop-on 15,...,35 /tmp/repeated.json
    node corpus/fit/experiments/after_heading.mjs --develop-on 15,...,35 /tmp/after-h1.json
    python3 corpus/fit/experiments/ranking_rules10.py /tmp/c.json /tmp/repeated.json /tmp/after-h1.json [--moves]

The proxy of experiments/another_block.py: on a page whose DOM leader decides the page, a rule
picks a leading candidate and the page scores that candidate's F1; other pages keep the cascade's
score. Every page of both corpora, no fitting; each rule is printed with the repositories (page-name
prefixes) it moves up and down and the pages at >= 0.8 it makes worse. Families: the leader in the
page chrome (`boilerplateAncestry`, `navLandmark`, `chromeNames`; built as dom/chrome-leader.ts), its
links spread over URL templates, its links repeated by another non-nested leading candidate, and
the leader starting before the page's first <h1>. Nothing here ships.
"""
import collections
import itertools
import json
import sys


def load(dump, repeated, headings):
    names = json.load(open(dump + '.features.json'))
    ix = {name: i for i, name in enumerate(names)}
    rep, head = json.load(open(repeated)), json.load(open(headings))
    pages = [p for p in json.load(open(dump)) if not p['expectError']]
    for p in pages:
        p['X'] = [c['x'] for c in p['candidates']]
        p['f'] = [c['f1'] for c in p['candidates']]
        p['dom'] = len(p['f']) > 0 and abs(p['rules'] - p['f'][0]) < 0.02
        p['R'] = rep.get(p['page']) or [0] * len(p['f'])
        p['H'] = head.get(p['page']) or [-1] * len(p['f'])
    return pages, ix


def main():
    pages, ix = load(*sys.argv[1:4])
    show = '--moves' in sys.argv

    def v(X, j, name):
        return X[j][ix[name]]

    def guarded(X, j):
        return v(X, j, 'insideOther') == 0 and v(X, j, 'mainContent') >= v(X, 0, 'mainContent')

    def judge(rule, label):
        up, down, totals = collections.defaultdict(list), collections.defaultdict(list), collections.defaultdict(list)
        for p in pages:
            j = rule(p) if p['dom'] else 0
            score = p['f'][j] if p['dom'] else p['rules']
            totals[p['corpus']].append(score)
            if p['dom'] and j and abs(p['f'][j] - p['f'][0]) > 0.005:
                (up if p['f'][j] > p['f'][0] else down)[p['page'].split('__')[0]].append((p['page'], round(p['f'][0], 2), round(p['f'][j], 2)))
        result = {k: (round(sum(s) / len(s), 4), sum(x >= 0.8 for x in s)) for k, s in sorted(totals.items())}
        worse = sum(1 for moves in down.values() for _, before, _ in moves if before >= 0.8)
        print(f'{label}: {result} repositories up {len(up)} down {len(down)}; pages >= 0.8 worse {worse}')
        if show:
            for moves in up.values():
                print('   +', moves)
            for moves in down.values():
                print('   -', moves)

    def first(p, gap, accept, lead=lambda p: True):
        X = p['X']
        if not lead(p):
            return 0
        for j in range(1, len(X)):
            if v(X, j, 'handGap') > gap:
                break
            if accept(p, j) and guarded(X, j):
                return j
        return 0

    judge(lambda p: 0, 'hand score')
    for gap, share in itertools.product((1, 2, 5, 100), (0.5, 0.9, 1.0)):
        judge(lambda p, gap=gap, share=share: first(p, gap, lambda p, j: v(p['X'], j, 'boilerplateAncestry') == 0, lambda p: v(p['X'], 0, 'boilerplateAncestry') >= share), f'chrome leader (boilerplateAncestry >= {share}), window {gap}')
    for gap in (1, 2, 3, 5, 8):
        for name in ('navLandmark', 'chromeNames'):
            judge(lambda p, gap=gap, name=name: first(p, gap, lambda p, j: max(v(p['X'], j, n) for n in ('navLandmark', 'boilerplateAncestry', 'chromeNames', 'asideLandmark')) == 0, lambda p: v(p['X'], 0, name) >= 0.9), f'{name} leader, window {gap}')
    for gap, dens in itertools.product((2, 5, 100), (0.9,)):
        judge(lambda p, gap=gap, dens=dens: first(p, gap, lambda p, j: v(p['X'], j, 'chromeNames') == 0 and v(p['X'], j, 'boilerplateAncestry') == 0, lambda p: v(p['X'], 0, 'chromeNames') >= 0.9 and v(p['X'], 0, 'linkDensity') >= dens), f'named chrome, link density >= {dens}, window {gap}')
    for t, m, gap in itertools.product((0.2, 0.35, 0.5), (0.4, 0.6), (1, 2, 3, 5)):
        judge(lambda p, t=t, m=m, gap=gap: first(p, gap, lambda p, j: v(p['X'], j, 'templateShare') >= v(p['X'], 0, 'templateShare') + m, lambda p: v(p['X'], 0, 'templateShare') <= t), f'template spread (leader <= {t}, +{m}), window {gap}')
    for lead, gap in itertools.product((0.5, 0.8), (1, 2, 4)):
        judge(lambda p, lead=lead, gap=gap: first(p, gap, lambda p, j: p['R'][j] <= p['R'][0] - 0.5, lambda p: p['R'][0] >= lead), f'repeated links (leader >= {lead}), window {gap}')
    for gap in (1, 2, 4, 100):
        judge(lambda p, gap=gap: first(p, gap, lambda p, j: p['H'][j] == 1, lambda p: p['H'][0] == 0), f'leader before the <h1>, window {gap}')


if __name__ == '__main__':
    main()
