#!/usr/bin/env python3
"""The eleventh session's refit of the ranking (issue #16): refit.py with batches 36-42 as the new data.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,42 --dump /tmp/c.json
    python3 corpus/fit/experiments/refit11.py /tmp/c.json [--kinds /tmp/kinds.json] [--learner cl|challenger] [--folds N] [--moves]
"""
from refit import main

if __name__ == '__main__':
    main('36-42', 'refit11.py')
