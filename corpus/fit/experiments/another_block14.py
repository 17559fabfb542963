#!/usr/bin/env python3
"""Inventory of list pages under 0.8 by why they fail (issue #16, fourteenth session): another_block13.py
with batches 61-73, held out last session, as their own group. Everything else is another_block13's.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,73 --dump /tmp/c.json
    node corpus/tools/score-inprocess.mjs --out /tmp/before.json
    python3 corpus/fit/experiments/another_block14.py /tmp/c.json /tmp/before.json [--pages]
"""
import sys

sys.path.insert(0, __file__.rsplit('/', 1)[0])
import another_block13  # noqa: E402

BATCHES_61_73 = r'^(kitportal|axscroll|ecprgc22|sandcrawl|geomapscr|trendgh|codesearchr|csdncat|kingso|csdnspider|ogspages|dbotfx|devtocli|qhrobot|habrsrch|hetuand|gsocrep|klyads|nuphp|bxscrap|knrntest|tuzxmt|h416homes|venetiacli|isantibot|carpricescr|lbcscrapper|bsreqproj|nitoridl|bokpriser|kkscr|lzdtrack|fbscrap|tikicrawl|fkscrape|jdspider|ramagent|preciosml|perfscr|mayormovil|tokowatch|rssrob|bismcs|wichcs|colohcs|spovcs|phuk|odeonuk|bbcmeet|melonfc|grshelf|bmscr|episoder|cinemabot|gruser|tdminify|lhsoscr|x3wiki|smpquora|cheeriobench|hltvcs2|ozbdeal|topicradar|dmozliu|hatebuneos|archdruid|iepsost|bitunion|nettally|isipl|hfrrf2|shinishiro|lottopeli|oycrawl|aternospy|ozonself|tiktokcrawl|teshimaslot|adscope|apthunter|imovpipe|scrapjobsdc|pricecmpsym|parseravito|pipijuejin|crusnv|mcrtieba|sackyn|jlpyspv2|pretdaum|seoutist|xjjv2ex|f1323csdn|hduojcsdn|chilldb|hsindb|slnfdb)__'

another_block13.GROUPS.append(('61-73', BATCHES_61_73))

if __name__ == '__main__':
    another_block13.main()
