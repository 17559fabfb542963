#!/usr/bin/env python3
"""How block_kinds11.mjs's three inputs separate the right list from the chosen one (issue #16,
eleventh session). Nothing here ships.

    python3 corpus/fit/experiments/block_kinds11_separation.py /tmp/c.json /tmp/kinds.json

Two sets of pairs, as the ninth session's table: (a) on "another block" pages (the DOM leader
decides the page, a leading candidate with F1 >= 0.5 is at least 0.1 better), the best candidate
against the wrong leader; (b) on pages whose leader is right (F1 >= 0.8), every leading candidate
at least 0.3 worse within 3 hand points, against the right leader. Counted: pairs where the first
has more of the input (by > 0.1), the same, less. Then the pages of (a) where the leader has the
input >= 0.5 and the best candidate < 0.5, by repository.
"""
import collections
import json
import sys

NAMES = ['tree rows', 'form rows', 'tab rows', 'list items inside a list item', 'links off the site (1 - sameHost)']


def main():
    names = json.load(open(sys.argv[1] + '.features.json'))
    same_host = names.index('sameHost')
    pages = [p for p in json.load(open(sys.argv[1])) if not p['expectError'] and p['candidates']]
    kinds = json.load(open(sys.argv[2]))
    bad, good = [], []
    for p in pages:
        f = [c['f1'] for c in p['candidates']]
        k = kinds.get(p['page'])
        if not k or len(k) < len(f):
            continue
        k = [row + [1 - c['x'][same_host]] for row, c in zip(k, p['candidates'])]
        if abs(p['rules'] - f[0]) > 0.02:
            continue
        best = max(range(len(f)), key=lambda j: f[j])
        if f[best] >= 0.5 and f[best] >= f[0] + 0.1:
            bad.append((p, k[0], k[best]))
        elif f[0] >= 0.8:
            for j in range(1, len(f)):
                if f[j] <= f[0] - 0.3 and p['candidates'][0]['hand'] - p['candidates'][j]['hand'] <= 3:
                    good.append((p, k[0], k[j]))
    def count(pairs, i, first_is):
        more = sum(1 for _, lead, other in pairs if (other if first_is == 'other' else lead)[i] > (lead if first_is == 'other' else other)[i] + 0.1)
        less = sum(1 for _, lead, other in pairs if (other if first_is == 'other' else lead)[i] < (lead if first_is == 'other' else other)[i] - 0.1)
        return f'{more} / {len(pairs) - more - less} / {less}'
    print(f'{len(bad)} another-block pages; {len(good)} wrong candidates near a right leader')
    print('input | good candidate vs wrong leader | wrong candidate vs right leader')
    for i, name in enumerate(NAMES):
        print(f'{name} | {count(bad, i, "other")} | {count(good, i, "other")}')
    for i, name in enumerate(NAMES):
        hits = [(p['page'], p['repo']) for p, lead, other in bad if lead[i] >= 0.5 and other[i] < 0.5]
        against = [(p['page'], p['repo']) for p, lead, other in good if lead[i] < 0.5 and other[i] >= 0.5]
        print(f'\n{name}: wrong leader has it, right block not: {len(hits)} pages / {len({r for _, r in hits})} repos: {hits}')
        print(f'   right leader lacks it, a wrong neighbour has it: {len(against)} pages / {len({r for _, r in against})} repos')
        worse = [(p['page'], p['repo']) for p, lead, other in bad if lead[i] < 0.5 and other[i] >= 0.5]
        print(f'   opposite (right block has it, wrong leader not): {len(worse)} pages: {worse}')


if __name__ == '__main__':
    main()
