#!/usr/bin/env python3
"""The twelfth session's refit of the ranking (issue #16): refit.py with batches 43-50 as the new data.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,50 --dump /tmp/c.json
    python3 corpus/fit/experiments/refit12.py /tmp/c.json [--kinds /tmp/kinds.json] [--learner cl|challenger] [--folds N] [--moves]
"""
from refit import main

if __name__ == '__main__':
    main('43-50', 'refit12.py')
