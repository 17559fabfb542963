#!/usr/bin/env python3
"""The thirteenth session's refit of the ranking (issue #16): refit.py with batches 51-60 as the new data.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,60 --dump /tmp/c.json
    python3 corpus/fit/experiments/refit13.py /tmp/c.json [--kinds /tmp/kinds.json] [--learner cl|challenger] [--folds N] [--moves]
"""
from refit import main

if __name__ == '__main__':
    main('51-60', 'refit13.py')
