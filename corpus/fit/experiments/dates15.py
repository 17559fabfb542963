"""Item dates by batch group (issue #17, fifteenth session): the date recall, invented and impossible
dates of `scripts/score-fields.mjs --json` files, per group (1-60, 61-73, 74-84), and with two files
the pages whose date lines moved. Nothing here ships.

    python3 corpus/fit/experiments/dates15.py AFTER.json [--before BEFORE.json] [--misses]

`--misses` lists every date miss and invented date of AFTER by group and repository.
"""
import collections
import json
import sys

from batches import groups, group_of

GROUPS = groups('61-73,74-84')


def group(page):
    return group_of(page, GROUPS, default='1-60')


def load(path):
    return {page['page']: page for page in json.load(open(path, encoding='utf8'))['pages']}


def totals(pages):
    sums = collections.defaultdict(lambda: collections.Counter())
    for name, page in pages.items():
        counts = page['counts']
        for key in ('dateSameDay', 'datedFound', 'invented', 'impossible', 'otherDate'):
            sums[group(name)][key] += counts[key]
    return sums


def date_lines(page):
    return [line for line in page['details'] if ' date ' in line]


def main(argv):
    after = load(argv[0])
    before = load(argv[argv.index('--before') + 1]) if '--before' in argv else None
    for name, pages in (('before', before), ('after', after)):
        if pages is None:
            continue
        for key, c in sorted(totals(pages).items()):
            rate = 100 * c['dateSameDay'] / max(1, c['datedFound'])
            print(f"{name:6} {key:6} dates {c['dateSameDay']}/{c['datedFound']} = {rate:.1f} %  invented {c['invented']}  impossible {c['impossible']}  other {c['otherDate']}")
    if before is not None:
        for page in sorted(after):
            if page not in before:
                continue
            a, b = after[page]['counts'], before[page]['counts']
            moved = (a['dateSameDay'] - b['dateSameDay'], a['invented'] - b['invented'], a['impossible'] - b['impossible'])
            changed = date_lines(after[page]) != date_lines(before[page])
            if moved != (0, 0, 0) or changed:
                print(f"{group(page):6} {page:60} same-day {b['dateSameDay']}->{a['dateSameDay']}/{a['datedFound']}  invented {b['invented']}->{a['invented']}  impossible {b['impossible']}->{a['impossible']}{'' if moved != (0, 0, 0) else '  (lines only)'}")
    if '--misses' in argv:
        by_group = collections.defaultdict(lambda: collections.defaultdict(list))
        for page, record in sorted(after.items()):
            for line in record['details']:
                if '(want ' in line or 'INVENTED' in line:
                    by_group[group(page)][page.split('__')[0]].append(f'{page}: {line.strip()}')
        for key in sorted(by_group):
            repos = by_group[key]
            print(f'\n## {key}: {sum(len(v) for v in repos.values())} items, {len(repos)} repositories')
            for repo, lines in sorted(repos.items(), key=lambda kv: -len(kv[1])):
                print(f'  {repo} ({len(lines)})')
                for line in lines:
                    print(f'    {line[:260]}')


if __name__ == '__main__':
    main(sys.argv[1:])
