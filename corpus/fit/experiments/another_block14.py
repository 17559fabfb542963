#!/usr/bin/env python3
"""The fourteenth session's inventory of list pages under 0.8 by why they fail (issue #16): inventory.py
with batches 61-73, held out last session, as their own group.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,73 --dump /tmp/c.json
    node corpus/tools/score-inprocess.mjs --out /tmp/before.json
    python3 corpus/fit/experiments/another_block14.py /tmp/c.json /tmp/before.json [--pages]
"""
from inventory import main

if __name__ == '__main__':
    main('10-14,15-17,18-21,22-24,25-29,30-35,36-42,43-50,51-60,61-73', extra_split=True)
