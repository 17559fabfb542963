"""Item titles by batch group (sixteenth session, issue #17): titles15.py's sums and page-by-page
comparison with batches 85-95 (held out in the fifteenth session, development data now) as a group
of their own. Reuses titles15's loading, sums and title lines; only the groups and the printing of
four groups are new.

    python3 corpus/fit/experiments/titles16.py AFTER.json [--before BEFORE.json] [--bad]
"""
import argparse

import titles15
from batches import pattern

titles15.GROUPS = [('85-95', pattern(85, 95)), ('74-84', pattern(74, 84)), ('61-73', pattern(61, 73))]
ORDER = ('1-60', '61-73', '74-84', '85-95')


def share(counts):
    return f"{counts['titleExact']} / {counts['titleAcceptable']} of {counts['found']} = {100 * counts['titleAcceptable'] / max(1, counts['found']):.1f} %"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('after')
    parser.add_argument('--before')
    parser.add_argument('--bad', action='store_true')
    arguments = parser.parse_args()
    after = titles15.load(arguments.after)
    before = titles15.load(arguments.before) if arguments.before else None
    sums_after, sums_before = titles15.totals(after), titles15.totals(before) if before else {}
    for group in ORDER:
        if group in sums_after:
            line = f"{group:6} {sums_after[group]['pages']:5} pages  exact / acceptable {share(sums_after[group])}"
            print(line + (f"   (before {share(sums_before[group])})" if group in sums_before else ''))
    if arguments.bad:
        for group in ORDER:
            print(f'\n## {group}')
            for name in sorted(after):
                bad = [line for line in after[name]['details'] if line.startswith('BAD')]
                if titles15.group_of(name) == group and bad:
                    counts = after[name]['counts']
                    print(f"{name}  found {counts['found']}/{counts['items']} title {counts['titleAcceptable']}")
                    for line in bad:
                        print('   ', line[:300])
    if before:
        titles15.print_changed(after, before)


if __name__ == '__main__':
    main()
