"""Item titles by batch group (sixteenth session, issue #17): titles15.py's sums and page comparison
with batches 85-95 (held out in the fifteenth session, development data now) as a fourth group.

    python3 corpus/fit/experiments/titles16.py AFTER.json [--before BEFORE.json] [--bad]
"""
import sys

import titles15
from batches import pattern

titles15.GROUPS = [('85-95', pattern(85, 95)), ('74-84', pattern(74, 84)), ('61-73', pattern(61, 73))]
ORDER = ('1-60', '61-73', '74-84', '85-95')


def main():
    # titles15.main walks its three group names; run it once per extra group by renaming the tuple.
    source = open(titles15.__file__, encoding='utf8').read()
    code = source.replace("('1-60', '61-73', '74-84')", repr(ORDER)).replace("if __name__ == '__main__':\n    main()", '')
    namespace = {'__name__': 'titles16_body', '__file__': titles15.__file__}
    exec(compile(code, titles15.__file__, 'exec'), namespace)
    namespace['GROUPS'] = titles15.GROUPS
    namespace['main']()


if __name__ == '__main__':
    sys.exit(main())
