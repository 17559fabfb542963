#!/usr/bin/env python3
"""Inventory of list pages under 0.8 by why they fail (issue #16; the tenth to thirteenth sessions'
another_block10-13.py, which now call this with their batch groups).

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,N --dump /tmp/c.json
    node corpus/tools/score-inprocess.mjs --out /tmp/before.json
    python3 corpus/fit/experiments/inventory.py /tmp/c.json /tmp/before.json [--pages] [--groups 10-14,...,61-73]

--groups names the batch groups (corpus/fit/held-out.txt, read by batches.py); pages of none are 1-9.
Every own list page under 0.8 (final F1 of the in-process score) falls in one kind:
  refused      the page gave no list (article gate, app shell, no candidate);
  elsewhere    the output is not the DOM tier's hand leader (a structured tier, nesting, rows over
               cells decided), so the ranking is not what failed;
  another      the hand leader is wrong and a candidate among the 12 leading is at least 0.1 better
               with F1 >= 0.5: "another block chosen", the truth block was a candidate;
  extra/cut    the hand leader is the truth block or close to it (F1 >= 0.4, no leading candidate
               0.1 better): its items are too many (extra rows: pinned, ads, merged sections, a
               row's second link) or too few (cut), by the leader's count against the truth's
               (not split from `weak` with --no-extra-split, as the tenth session counted, by prefix);
  weak         the hand leader is wrong and no leading candidate is good: the truth block was not a
               candidate (rows split or merged, wrong link per row, partial lists).
Counted by repository and by batch group. The `another` pages are then split by why the leader won,
from the dump's inputs, first match wins:
  nested       the leader and the right list are the same rows cut differently (one lies inside the
               other: a row's cells or links against the rows, rows against their merged container);
  chrome       the leader's rows sit in a navigation, header, footer or aside landmark;
  named        the leader's rows sit in an element named as chrome (menu, nav, sidebar, footer...);
  bare links   most of the leader's rows are one short link with nothing beside it;
  content      another block of the content: a section of a front page, a box, a table.
"""
import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import batches  # noqa: E402

LATEST_GROUPS = '10-14,15-17,18-21,22-24,25-29,30-35,36-42,43-50,51-60,61-73'


def why(p, best, ix):
    x0, xb = p['candidates'][0]['x'], p['candidates'][best]['x']
    if (x0[ix['enclosesOther']] and xb[ix['insideOther']]) or (x0[ix['insideOther']] and xb[ix['enclosesOther']]):
        return 'nested'
    if x0[ix['boilerplateAncestry']] >= 0.5 or x0[ix['navLandmark']] >= 0.5:
        return 'chrome'
    if x0[ix['chromeNames']] >= 0.5:
        return 'named'
    if x0[ix['navRows']] >= 0.6:
        return 'bare links'
    return 'content'


def kind_of(score, p, ix, extra_split):
    """The page's failure kind and the DOM candidates' F1 (empty when the dump has no candidates)."""
    f = [c['f1'] for c in p['candidates']] if p else []
    best = max(range(len(f)), key=lambda j: f[j]) if f else None
    if not f or 'items' not in str(score.get('got', '')):
        return 'refused', f, best
    if abs(score['f1'] - f[0]) > 0.02:
        return 'elsewhere', f, best
    if f[best] >= 0.5 and f[best] >= f[0] + 0.1:
        return 'another', f, best
    if extra_split and f[0] >= 0.4:
        count = 2 ** p['candidates'][0]['x'][ix['count']]  # the input is log2 of the item count
        return 'extra/cut: ' + ('extra' if count > p['expectedCount'] else 'cut'), f, best
    return 'weak', f, best


def main(group_spec=None, extra_split=True, argv=None, by_prefix=False):
    argv = sys.argv[1:] if argv is None else argv
    if '--groups' in argv:
        group_spec = argv[argv.index('--groups') + 1]
    extra_split = extra_split and '--no-extra-split' not in argv
    named_groups = batches.groups(group_spec or LATEST_GROUPS)
    names = json.load(open(argv[0] + '.features.json'))
    ix = {name: i for i, name in enumerate(names)}
    dump = {p['page']: p for p in json.load(open(argv[0])) if p['corpus'] == 'own' and not p['expectError']}
    for page, p in dump.items():
        p['expectedCount'] = json.load(open(f'corpus/truth/{page}.json')).get('expected_count') or 0
    scores = {k.split(':', 1)[1]: v for k, v in json.load(open(argv[1])).items() if k.startswith('own:') and not v.get('expected')}
    kinds = collections.defaultdict(list)
    for page, score in sorted(scores.items()):
        if score['f1'] >= 0.8:
            continue
        p = dump.get(page)
        kind, f, best = kind_of(score, p, ix, extra_split)
        got = str(score.get('got', ''))
        if kind == 'another':
            kinds['another: ' + why(p, best, ix)].append((page, round(score['f1'], 3), got, ''))
        detail = f'leader {f[0]:.2f}, best #{best} {f[best]:.2f} (hand {p["candidates"][best]["hand"]:.1f} vs {p["candidates"][0]["hand"]:.1f})' if f else ''
        kinds[kind].append((page, round(score['f1'], 3), got, detail))
    for kind, pages in kinds.items():
        repos = collections.Counter(dump[page]['repo'] if page in dump and not by_prefix else page.split('__')[0] for page, *_ in pages)
        groups = collections.Counter(batches.group_of(page, named_groups) for page, *_ in pages)
        counted = 'prefixes' if by_prefix else 'repositories'
        print(f'{kind}: {len(pages)} pages, {len(repos)} {counted}; by batch group {dict(sorted(groups.items()))}')
        print('   ', dict(sorted(repos.items())))
        if '--pages' in argv:
            for page, f1, got, detail in pages:
                print(f'   [{batches.group_of(page, named_groups)}] {page} {f1} {got} {detail}')


if __name__ == '__main__':
    main()
