#!/usr/bin/env python3
"""Offline proxy of "a leader whose rows are branches of a tree of links yields" (issue #16,
eleventh session). Nothing here ships.

    python3 corpus/fit/experiments/tree_leader11.py /tmp/c.json /tmp/kinds.json [--column N] [--moves]

--column picks block_kinds11.mjs's fact (0 tree rows, the default; 3 list items inside a list item).
On every page whose DOM leader decides it: when the leader's tree-row share (block_kinds11.mjs) is
at least `share`, the first leading candidate within `gap` hand points whose tree-row share is under
0.5 (and, with `outside`, not nested with the leader) replaces it; the page's score is then that
candidate's F1. Every page of both corpora, no fitting.
"""
import json
import sys


def main():
    names = json.load(open(sys.argv[1] + '.features.json'))
    ix = {name: i for i, name in enumerate(names)}
    pages = [p for p in json.load(open(sys.argv[1])) if not p['expectError']]
    kinds = json.load(open(sys.argv[2]))
    base = {p['page']: p['rules'] for p in pages}
    col = int(sys.argv[sys.argv.index('--column') + 1]) if '--column' in sys.argv else 0

    def run(share, gap, outside):
        scores, moves = {}, []
        for p in pages:
            score = p['rules']
            f = [c['f1'] for c in p['candidates']]
            k = kinds.get(p['page'])
            if f and k and len(k) >= len(f) and abs(p['rules'] - f[0]) <= 0.02 and k[0][col] >= share:
                for j in range(1, len(f)):
                    c = p['candidates'][j]
                    if p['candidates'][0]['hand'] - c['hand'] > gap:
                        break
                    if k[j][col] >= 0.5:
                        continue
                    if outside and (c['x'][ix['insideOther']] or c['x'][ix['enclosesOther']]):
                        continue
                    score = f[j]
                    break
            scores[p['page']] = score
            if abs(score - p['rules']) > 0.005:
                moves.append((p['page'], p['repo'], round(p['rules'], 3), round(score, 3)))
        out = []
        for corpus in ('own', 'public'):
            s = [scores[p['page']] for p in pages if p['corpus'] == corpus]
            out.append(f'{corpus} {sum(s) / len(s):.4f}, {sum(v >= 0.8 for v in s)}')
        up = [m for m in moves if m[3] > m[2]]
        down = [m for m in moves if m[3] < m[2]]
        print(f'share >= {share}, gap {gap}, outside {outside}: {"; ".join(out)}; up {len(up)} pages / {len({m[1] for m in up})} repos, down {len(down)} / {len({m[1] for m in down})} ({sum(m[2] >= 0.8 for m in down)} from >= 0.8)')
        if '--moves' in sys.argv:
            for m in moves:
                print('   ', *m)

    own = [base[p['page']] for p in pages if p['corpus'] == 'own']
    print(f'hand: own {sum(own) / len(own):.4f}, {sum(v >= 0.8 for v in own)}')
    for share in (0.5, 0.8):
        for gap in (0.5, 1, 2, 4):
            for outside in (False, True):
                run(share, gap, outside)


if __name__ == '__main__':
    main()
