"""Held-out figures from score files, as BENCHMARKS.md §5 reports them: list pages' mean F1 and the
share at F1 >= 0.8, and single pages, walls and app shells right, per batch and per batch group.

  PAGEFEED_SHARED=../shared node corpus/tools/score-inprocess.mjs --out SCORES.json   # whole corpus
  python3 corpus/fit/experiments/by_batch.py SCORES.json [MORE.json ...] [--batches 96-106]
      [--groups 1-60,61-73,74-84,85-95,96-106]

Pages are named as score-inprocess.mjs names them (`own:<prefix>__…`, `public:…`); batches come from
corpus/fit/held-out.txt through batches.py (pages of no listed batch count as batches 1-9, group
'1-60' includes them). A list page is one whose truth expects items; every other page (not_a_list,
blocked, app_shell) counts as right only at score 1."""
import json
import sys

import batches


def summary(scores):
    lists = [row['f1'] for row in scores if not row.get('expected')]
    others = [row['f1'] for row in scores if row.get('expected')]
    mean = sum(lists) / len(lists) if lists else 0
    return (f"lists {len(lists)}: mean {mean:.3f}, {sum(f >= 0.8 for f in lists)}/{len(lists)} at >= 0.8; "
            f"single pages, walls and shells {sum(f == 1 for f in others)}/{len(others)}")


def option(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def main(args):
    files = [arg for index, arg in enumerate(args) if not arg.startswith('--') and (index == 0 or not args[index - 1].startswith('--'))]
    first, last = batches.span(option(args, '--batches', '96-106'))
    groups = batches.groups(option(args, '--groups', '1-60,61-73,74-84,85-95,96-106'))
    # Batches 1-9 have no line in held-out.txt: group '1-…' takes every own page of no listed batch.
    early = next((name for name, _ in groups if batches.span(name)[0] == 1), None)
    for path in files:
        scores = json.load(open(path, encoding='utf8'))
        own = {key.split(':', 1)[1]: row for key, row in scores.items() if key.startswith('own:')}
        print(path)
        for batch in range(first, last + 1):
            regex = batches.pattern(batch, batch)
            rows = [row for name, row in own.items() if regex.match(name)] if batches.BY_BATCH.get(batch) else []
            if rows:
                print(f"  batch {batch}: {summary(rows)}")
        held = batches.pattern(first, last)
        rows = [row for name, row in own.items() if held.match(name)]
        if rows:
            print(f"  batches {first}-{last}: {summary(rows)}")
        for name, regex in groups:
            rows = [row for page, row in own.items() if batches.group_of(page, groups, early) == name]
            if rows:
                print(f"  group {name}: {summary(rows)}")
        public = [row for key, row in scores.items() if key.startswith('public:')]
        if public:
            print(f"  public corpus: {summary(public)}")


if __name__ == '__main__':
    main(sys.argv[1:])
