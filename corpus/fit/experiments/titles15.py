"""Item titles by batch group (fifteenth session, issue #17): the JSON of
`node scripts/score-fields.mjs --corpus corpus --fields corpus/fields-own --verbose --json F`
summed per group (1-60, 61-73, 74-84), the BAD title lines listed per group and repository, and —
with --before G — every page whose title lines changed, up or down.

    python3 corpus/fit/experiments/titles15.py AFTER.json [--before BEFORE.json] [--bad]
"""
import argparse
import json

from batches import pattern

GROUPS = [('74-84', pattern(74, 84)), ('61-73', pattern(61, 73))]


def group_of(page):
    for name, regex in GROUPS:
        if regex.match(page):
            return name
    return '1-60'


def load(path):
    return {record['page']: record for record in json.load(open(path, encoding='utf8'))['pages']}


def totals(pages):
    sums = {}
    for name, record in pages.items():
        counts = sums.setdefault(group_of(name), {'pages': 0, 'found': 0, 'titleExact': 0, 'titleAcceptable': 0})
        counts['pages'] += 1
        for key in ('found', 'titleExact', 'titleAcceptable'):
            counts[key] += record['counts'][key]
    return sums


def title_lines(record):
    return [line.split('  date ')[0] for line in record['details'] if not line.startswith(' ')]


def print_changed(after, before):
    """The pages whose title lines differ between two field-scorer files, with the direction of the change."""
    print('\npages whose title lines changed (acceptable before -> after, exact before -> after):')
    for name in sorted(after):
        if name not in before or title_lines(after[name]) == title_lines(before[name]):
            continue
        old, new = before[name]['counts'], after[name]['counts']
        direction = ('UP' if new['titleAcceptable'] > old['titleAcceptable'] else
                     'DOWN' if new['titleAcceptable'] < old['titleAcceptable'] else
                     'exact-up' if new['titleExact'] > old['titleExact'] else
                     'exact-down' if new['titleExact'] < old['titleExact'] else 'same')
        print(f"  {direction:10} {group_of(name):6} {name}  {old['titleAcceptable']} -> "
              f"{new['titleAcceptable']}  ({old['titleExact']} -> {new['titleExact']} exact)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('after')
    parser.add_argument('--before')
    parser.add_argument('--bad', action='store_true')
    arguments = parser.parse_args()
    after = load(arguments.after)
    before = load(arguments.before) if arguments.before else None
    sums_after = totals(after)
    sums_before = totals(before) if before else {}
    for group in ('1-60', '61-73', '74-84'):
        counts = sums_after.get(group)
        if not counts:
            continue
        line = (f"{group:6} {counts['pages']:5} pages  exact {counts['titleExact']} acceptable "
                f"{counts['titleAcceptable']} of {counts['found']} found = "
                f"{100 * counts['titleAcceptable'] / max(1, counts['found']):.1f} %")
        if group in sums_before:
            old = sums_before[group]
            line += (f"   (before {old['titleExact']} / {old['titleAcceptable']} of {old['found']} = "
                     f"{100 * old['titleAcceptable'] / max(1, old['found']):.1f} %)")
        print(line)
    if arguments.bad:
        for group in ('1-60', '61-73', '74-84'):
            print(f'\n## {group}')
            for name in sorted(after):
                record = after[name]
                if group_of(name) != group:
                    continue
                bad = [line for line in record['details'] if line.startswith('BAD')]
                if bad:
                    print(f"{name}  found {record['counts']['found']}/{record['counts']['items']} "
                          f"title {record['counts']['titleAcceptable']}")
                    for line in bad:
                        print('   ', line[:300])
    if before:
        print_changed(after, before)


if __name__ == '__main__':
    main()
