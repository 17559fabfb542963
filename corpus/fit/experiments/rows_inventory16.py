"""rows_inventory16.py — the sixteenth session's rows-and-links inventory from a score file alone
(branch rows16). For every own list page under 0.95 (in-process F1 of `score-inprocess.mjs --out`),
its kind by the counts the score file and the truth give: refused (an error class instead of items),
extra (more than 1.25x the truth's items), cut (fewer than 0.75x), same count (the right count with
the wrong items or links: another block of the same size, or each row's wrong link). Counted by pages
and repositories per batch group of the session brief (1-60, 61-73, 74-84, 85-95; batches.py).

  python3 corpus/fit/experiments/rows_inventory16.py SCORES.json [--pages]
"""
import json
import os
import re
import sys
from collections import defaultdict

from batches import groups, group_of

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..')
GROUPS = groups('15-60,61-73,74-84,85-95')


def kind(record, truth):
    got = record.get('got') or ''
    items = re.match(r'(\d+) items', got)
    if not items:
        return 'refused'
    expected = truth.get('recall_target') or len(truth.get('expected_urls') or []) or len(truth.get('expected_titles') or [])
    count = int(items.group(1))
    if expected and count > 1.25 * expected:
        return 'extra'
    if expected and count < 0.75 * expected:
        return 'cut'
    return 'same count'


def main():
    scores = json.load(open(sys.argv[1]))
    pages = defaultdict(list)
    for key, record in sorted(scores.items()):
        corpus, _, page = key.partition(':')
        if corpus != 'own' or record.get('expected') is not None or record.get('f1') is None or record['f1'] >= 0.95:
            continue
        truth = json.load(open(os.path.join(ROOT, 'corpus', 'truth', page + '.json')))
        group = group_of(page, GROUPS, default='1-60')
        group = '1-60' if group == '15-60' else group
        band = 'under 0.8' if record['f1'] < 0.8 else '0.8-0.95'
        pages[(band, kind(record, truth), group)].append((page, record['f1'], record.get('got')))
    print('| band | kind | ' + ' | '.join(g for g in ('1-60', '61-73', '74-84', '85-95')) + ' |')
    for band in ('under 0.8', '0.8-0.95'):
        for k in ('refused', 'extra', 'cut', 'same count'):
            cells = []
            for g in ('1-60', '61-73', '74-84', '85-95'):
                found = pages.get((band, k, g), [])
                cells.append(f"{len(found)} ({len({p.split('__')[0] for p, _, _ in found})})")
            print(f'| {band} | {k} | ' + ' | '.join(cells) + ' |')
    if '--pages' in sys.argv:
        for (band, k, g), found in sorted(pages.items()):
            if g == '85-95':
                for page, f1, got in found:
                    print(band, k, g, page, f1, got)


main()
