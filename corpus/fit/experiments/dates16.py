"""Item dates by batch group (issue #17, sixteenth session): `dates15.py`'s tally and page comparison
with the groups of this session (1-60, 61-73, 74-84, 85-95). Nothing here ships.

    python3 corpus/fit/experiments/dates16.py AFTER.json [--before BEFORE.json] [--misses] [--groups 51-60,61-73,74-84,85-95]

`--groups` names other groups (the forward-chaining sets: pages of no listed group count as 1-60).
"""
import sys

import dates15
from batches import groups

dates15.GROUPS = groups('61-73,74-84,85-95')

if __name__ == '__main__':
    argv = sys.argv[1:]
    if '--groups' in argv:
        at = argv.index('--groups')
        dates15.GROUPS = groups(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
    dates15.main(argv)
