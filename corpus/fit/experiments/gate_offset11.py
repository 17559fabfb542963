"""Eleventh session (issue #16): the candidate facts as a correction of the shipped gate. The shipped
model's log-odds is an offset (kept whole: scale 1); a logistic regression learns only a weight for
each standardised candidate fact and a bias, with the pages weighted as they come (no class
reweighting, so the shipped model's operating point stays), leave-one-repository-out
cross-validated. Moves are reported against the shipped verdicts (model path only).

  python3 corpus/fit/experiments/gate_offset11.py OBSERVE SCORES [FACT,FACT,...] [--lambda L] [--no-bias]"""
import sys

from gate_common import offset_command
from gate_eleventh import compare, gated, load, tally

rows = gated(load(sys.argv[1], sys.argv[2]))
facts, (w, b, m, s), held = offset_command(sys.argv, rows, ["public", "1-35", "36-42"], tally, compare)
