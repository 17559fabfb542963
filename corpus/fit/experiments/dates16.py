"""Item dates by batch group (issue #17, sixteenth session): `dates15.py`'s tally and page comparison
with the groups of this session (1-60, 61-73, 74-84, 85-95). Nothing here ships.

    python3 corpus/fit/experiments/dates16.py AFTER.json [--before BEFORE.json] [--misses]
"""
import sys

import dates15
from batches import groups

dates15.GROUPS = groups('61-73,74-84,85-95')

if __name__ == '__main__':
    dates15.main(sys.argv[1:])
