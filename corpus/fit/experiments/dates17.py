"""Item dates by batch group (issue #17, seventeenth session): `dates15.py`'s tally and page comparison
with this session's groups (1-50, 51-60, 61-73, 74-84, 85-95, 96-106), and `--kinds`, an inventory of
the date misses by kind. Nothing here ships.

    python3 corpus/fit/experiments/dates17.py AFTER.json [--before BEFORE.json] [--misses] [--kinds]

`--kinds` sorts every miss of AFTER (an item whose truth has a date and whose output has none or
another day) by what went wrong and by how the truth says the page shows the date (`date_shown` of
the field record: text, attribute, heading, url, partial, ...):
  none read      the item got no date (a: in the item but not read, c: a shape not recognised);
  year           the right month and day in another year (d: year inference);
  other day      another day (b: the wrong one of several dates, or one taken from outside the item).
"""
import collections
import json
import os
import re
import sys

import dates15
from batches import groups, group_of

GROUPS = '51-60,61-73,74-84,85-95,96-106'
dates15.GROUPS = groups(GROUPS)
# Pages of no listed group are batches 1-50 here (dates15 names them 1-60).
dates15.group = lambda page: group_of(page, dates15.GROUPS, default='1-50')
FIELDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'fields-own')
MISS = re.compile(r'"(.*)"  date (\S+) \(want (\S+)\)')


def kind_of(got, want):
    if got == '-':
        return 'none read'
    return 'year' if got[4:] == want[4:] else 'other day'


def kinds(after):
    """{group: {(kind, date_shown): Counter(repository -> items)}} over AFTER's misses."""
    table = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
    for page, record in after.items():
        path = os.path.join(FIELDS, f'{page}.json')
        truth = json.load(open(path, encoding='utf8'))['items'] if os.path.exists(path) else []
        for line in record['details']:
            match = MISS.search(line)
            if not match:
                continue
            got, want = match.group(2), match.group(3)
            shown = next((item.get('date_shown') for item in truth if item.get('date') == want), '?')
            group = group_of(page, dates15.GROUPS, default='1-50')
            table[group][(kind_of(got, want), shown)][page.split('__')[0]] += 1
    return table


def print_kinds(after):
    for group, rows in sorted(kinds(after).items()):
        print(f'\n## {group}')
        for (kind, shown), repositories in sorted(rows.items(), key=lambda kv: -sum(kv[1].values())):
            listed = ', '.join(f'{name} {count}' for name, count in repositories.most_common())
            print(f'  {kind:9} {shown:9} {sum(repositories.values()):4} items, {len(repositories):2} repositories: {listed}')


if __name__ == '__main__':
    argv = sys.argv[1:]
    if '--kinds' in argv:
        argv.remove('--kinds')
        dates15.main(argv)
        print_kinds(dates15.load(argv[0]))
    else:
        dates15.main(argv)
