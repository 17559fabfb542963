"""The own corpus's batch groups for the experiment scripts, read from corpus/fit/held-out.txt (the
prefixes under each `# batch N` line) so that no script carries its own copy of a batch's prefixes.

Batches 10-14 predate held-out.txt; their prefixes are the one list kept here. Pages of no listed
batch are batches 1-9.
"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
EARLY = {n: [] for n in range(10, 15)}
EARLY[10] = ('sejobs portia gli hnruby jobtractor lasertag yandexparser websearcher v2exapp pydepta rssfixer cscatl '
             'csccle cscdet cscminn cscchi jpcrawl jparticle momoclo hfrforum nairaland htmltrawl tagesschau ctf '
             'purifier').split()


def _by_batch():
    batches, batch = dict(EARLY), None
    for line in open(os.path.join(HERE, '..', 'held-out.txt'), encoding='utf8'):
        header = re.match(r'#\s*batch\s+(\d+)', line.strip(), re.I)
        if header:
            batch = int(header.group(1))
            continue
        words = line.split('#')[0].split()
        if batch is not None and words:
            batches.setdefault(batch, []).extend(words)
    return batches


BY_BATCH = _by_batch()


def prefixes(first, last):
    """The page-name prefixes of batches first..last, in file order."""
    return [prefix for batch in range(first, last + 1) for prefix in BY_BATCH.get(batch, [])]


def pattern(first, last):
    """A regex matching the page names of batches first..last (`^(p1|p2|...)__`)."""
    return re.compile('^(' + '|'.join(prefixes(first, last)) + ')__')


def span(name):
    """'51-60' -> (51, 60); '73' -> (73, 73)."""
    first, _, last = name.partition('-')
    return int(first), int(last or first)


def groups(spec):
    """'10-14,15-17' -> [('10-14', regex), ('15-17', regex)]."""
    return [(name, pattern(*span(name))) for name in spec.split(',') if name]


def group_of(page, named_groups, default='1-9'):
    for name, regex in named_groups:
        if regex.match(page):
            return name
    return default


def split_at(first, last, earlier):
    """The gate experiments' three groups — the public corpus, the earlier own batches and batches
    first..last — and the function that names a scored page's (`corpus:name`) group."""
    newer = f'{first}-{last}'
    late = set(prefixes(first, last))

    def group_of(page):
        corpus, name = page.split(':', 1)
        if corpus == 'public':
            return 'public'
        return newer if name.split('__')[0] in late else earlier

    return ['public', earlier, newer], group_of
