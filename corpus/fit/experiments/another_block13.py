#!/usr/bin/env python3
"""Inventory of list pages under 0.8 by why they fail (issue #16, thirteenth session: the twelfth
session's another_block12.py with batches 51-60, held out last session, as their own group).

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,60 --dump /tmp/c.json
    node corpus/tools/score-inprocess.mjs --out /tmp/before.json
    python3 corpus/fit/experiments/another_block13.py /tmp/c.json /tmp/before.json [--pages]

Every own list page under 0.8 (final F1 of the in-process score) falls in one kind:
  refused      the page gave no list (article gate, app shell, no candidate);
  elsewhere    the output is not the DOM tier's hand leader (a structured tier, nesting, rows over
               cells decided), so the ranking is not what failed;
  another      the hand leader is wrong and a candidate among the 12 leading is at least 0.1 better
               with F1 >= 0.5: "another block chosen", the truth block was a candidate;
  extra/cut    the hand leader is the truth block or close to it (F1 >= 0.4, no leading candidate
               0.1 better): its items are too many (extra rows: pinned, ads, merged sections, a
               row's second link) or too few (cut), by the leader's count against the truth's;
  weak         the hand leader is wrong and no leading candidate is good: the truth block was not a
               candidate (rows split or merged, wrong link per row, partial lists).
Counted by page-name prefix (a repository, roughly) and by batch group. The `another` pages are
then split by why the leader won, from the dump's inputs, first match wins:
  nested       the leader and the right list are the same rows cut differently (one lies inside the
               other: a row's cells or links against the rows, rows against their merged container);
  chrome       the leader's rows sit in a navigation, header, footer or aside landmark;
  named        the leader's rows sit in an element named as chrome (menu, nav, sidebar, footer...);
  bare links   most of the leader's rows are one short link with nothing beside it;
  content      another block of the content: a section of a front page, a box, a table.
"""
import collections
import json
import re
import sys

GROUPS = [
    ('10-14', r'^(sejobs|portia|gli|hnruby|jobtractor|lasertag|yandexparser|websearcher|v2exapp|pydepta|rssfixer|cscatl|csccle|cscdet|cscminn|cscchi|jpcrawl|jparticle|momoclo|hfrforum|nairaland|htmltrawl|tagesschau|ctf|purifier)__'),
    ('15-17', r'^(jurisc|uaflats|jpbooks|habr|cnblogs|eppress|recbed|radarflow|antag|irdata|newshub|crux|cityca|cityakr|anyway)__'),
    ('18-21', r'^(plucker|jrguru|geizhals|celta|cmparis|subito|rsslov|unfurl|tomsk|zhihu|nijiura|wfparse|reacr|pymorizon|pydomiporta|foorum|awful|tibiapy|englearn|bluemoss|newslist|craigscrape|ghtrend|ciasites)__'),
    ('22-24', r'^(stmtpr|vlrgg|h2md|graby|lmcomp|anthnews|cblogrss|bbcsched|kamovie|vntrack|atualweb|riverflow|scrapeer|kompascerpen|trnutch|lbcproxy|immoscrap|metainsp|minifierbench|minifyhtml|ontoscraper|austintrk|mlscraper)__'),
    ('25-29', r'^(pantipha|onetds|didbbc|csfdapi|hw3crawl|iptvepg|mserver|cleaneval|sitescrape|webdext|dragnetart|ptforum|opacapp|kslclass|courtsie|boesubastas|findtender|cscfresno|olxbr|euraxess|rightmove|parsyshop|shopeesg|kyujinbox|handelsreg|licitor|jobradar|margcrawl|brocc|onebox|defuddle|indiewebutils|spidergram|xray)__'),
    ('36-42', r'^(torrserve|meirtv|oknesset|lostfilm|openews|salesofia|obfauto|cmrwp|haulimg|scxblog|hideskick|fpgarch|ouseful|mediummcp|meetupnot|tlvcine|liapm|cscomaha|mostaql|mltoronto|gameagg|scoreto|grouch|csfdmeta|spielerplus|ap2arq|pgcrawl|fbidealista|mkthack|pricewatch|alquiler|hediyele|bdsai|ecomscr|autohunter|homescr|zonaprop|barcodebib|myautoscr|dqxhiroba|nrfgrants|rotoloauto|religiocat|sagikoza|chunchu|twstrait|riceminer|hupickaxe|plgamedeals|plkompoto|deflathunt|svflashback|svhomefind|daboliga|desnacktory|cssreality|cmecknc|grcalmi|stlmeet|ednewsfx|lrsseimas|pdlperu|geprisdfg|hepcrawl|indycsc)__'),
    ('30-35', r'^(pulsarrpa|rssconv|cdhouse|rssant|tfhtidx|sfchardet|finnmcp|bandcampscr|flatposter|prodbench|gplayscr|reskroutzed|backloggd|streeteasyplus|sportsref|britcycling|soaringspot|cscphilly|cscsandiego|papis|miff|golfweekam|khlparser|statkenpom|nswcaselaw|cloudstat|chgdir|rtvshadap|lobclient|borowitz|artdate|cylaw|bmgrenoble|tapasciate|cka|ivooxrss|albipop|fiforum|jwzpiper|spmsearch|percevalqa|rbugs|ghsearch|atcoder|pttcrawl)__'),
    ('43-50', r'^(enroncorp|dsotalks|zigshow|podmanio|fftfold|beakersite|osakagov|acoustidstat|textoplanost|muzeelpk|cdrarch|beale20m|grabsiteid|twnewsft|respqq|swiksohu|phpbbcru|udlwbm|dildanobb|oscanweb|howdoicache|twistedpiper|imagejpiper|bgm38topic|bidwire|lgstrocd|ungmscr|orisdh|colgocsb|pittcsw|qdiario|senapyrc|anpyrc|tailmjp|mandscr|tnprice|falascr|ajioshoe|ppchart|aimktmon|fashionres|jayauction|divarcar|appbrain|nordparser|pricepulse|mtbilly|cdreams|yasfrb|dmoztal|dmozgeek|bergpt|berjvl|berjelix|rbdragnet|imdbrb|navpension|avitoflat|caimogu|krauction|acmespb|bnbby|duenaive|govinfock|zgcrawer|vinceptt|tonypyclass|landeruli|fiverrscr|solarparser|amzsherazscr|riasocecon|mlnewsbias|ttleads|irwebscrapy|hmparcer|hmdkcal|applepod|lelarian|rtinrecipe|yjsjobs|dvcempleo|vacmailzw|xyzfmpod|legacyobit|unchnews|orbkink|apollohan|tw104jobs|hakatonrf)__'),
    ('51-60', r'^(lixywp|liutos|massiro|whizzy|ljskip|histreun|luhkont|entame|sridbs|govuknews|jnpress|agpress|inepalert|yfjpnews|yfjpnews2|pbcomo|chinapol|bracopac|cendojts|odgovlt|itolib|gplayapp|naverads|ghcrawl|ikanoon|fmcsasafer|myinstants|orestar|sunatruc|mpdbposter|nelligan|ghrabber|dvdcovers|lbcalert|rurema|oldrddit|newrddit|tiebamob|gochsub|pikabuhot|rdtpost|v2exhome|v2extut|clienpark|zhihufeed|zhihuans|tuctopic|hnfront|dbgroup|itmusicscr|naukriscr|dgjobsplat|bpgsorry|kwtwscr|jorrtt|trvhunt|zapimovscr|gazooucar|masothuecr|rmailscr|hikaritabe|nepsescr|flatsscr|banditcars|vehprosp|leveller|yad2scr|harajscr|kostscr|helperbotuz|grprop|sahibot|hcommerce|rtxamzn|vigavault|libertia|smzdmrss|cmpit|ebooksfr|tstnru|monprecos|uniscr|bookscr|amzpersona|nsercheck|baholov|potprice|aleofirm|abseitsat|capitolemtc|fbrefsched|gcsched|ffcvcal|cinemagic|talostp5|tlugml|rbreadab|scrply|ffndl|nicocli|nvwebtoon|nvwebtoon2|pixivutil|alsofm)__'),
]


def group_of(page):
    for name, pattern in GROUPS:
        if re.match(pattern, page):
            return name
    return '1-9'


def why(p, best, ix):
    x0, xb = p['candidates'][0]['x'], p['candidates'][best]['x']
    if (x0[ix['enclosesOther']] and xb[ix['insideOther']]) or (x0[ix['insideOther']] and xb[ix['enclosesOther']]):
        return 'nested'
    if x0[ix['boilerplateAncestry']] >= 0.5 or x0[ix['navLandmark']] >= 0.5:
        return 'chrome'
    if x0[ix['chromeNames']] >= 0.5:
        return 'named'
    if x0[ix['navRows']] >= 0.6:
        return 'bare links'
    return 'content'


def main():
    names = json.load(open(sys.argv[1] + '.features.json'))
    ix = {name: i for i, name in enumerate(names)}
    dump = {p['page']: p for p in json.load(open(sys.argv[1])) if p['corpus'] == 'own' and not p['expectError']}
    for page, p in dump.items():
        p['expectedCount'] = json.load(open(f'corpus/truth/{page}.json')).get('expected_count') or 0
    scores = {k.split(':', 1)[1]: v for k, v in json.load(open(sys.argv[2])).items() if k.startswith('own:') and not v.get('expected')}
    kinds = collections.defaultdict(list)
    for page, score in sorted(scores.items()):
        if score['f1'] >= 0.8:
            continue
        p = dump.get(page)
        f = [c['f1'] for c in p['candidates']] if p else []
        best = max(range(len(f)), key=lambda j: f[j]) if f else None
        got = str(score.get('got', ''))
        if not f or 'items' not in got:
            kind = 'refused'
        elif abs(score['f1'] - f[0]) > 0.02:
            kind = 'elsewhere'
        elif f[best] >= 0.5 and f[best] >= f[0] + 0.1:
            kind = 'another'
            kinds['another: ' + why(p, best, ix)].append((page, round(score['f1'], 3), got, ''))
        elif f[0] >= 0.4:
            count = 2 ** p['candidates'][0]['x'][ix['count']]  # the input is log2 of the item count
            kind = 'extra/cut: ' + ('extra' if count > p['expectedCount'] else 'cut')
        else:
            kind = 'weak'
        detail = f'leader {f[0]:.2f}, best #{best} {f[best]:.2f} (hand {p["candidates"][best]["hand"]:.1f} vs {p["candidates"][0]["hand"]:.1f})' if f else ''
        kinds[kind].append((page, round(score['f1'], 3), got, detail))
    for kind, pages in kinds.items():
        repos = collections.Counter(dump[page]['repo'] if page in dump else page.split('__')[0] for page, *_ in pages)
        groups = collections.Counter(group_of(page) for page, *_ in pages)
        print(f'{kind}: {len(pages)} pages, {len(repos)} repositories; by batch group {dict(sorted(groups.items()))}')
        print('   ', dict(sorted(repos.items())))
        if '--pages' in sys.argv:
            for page, f1, got, detail in pages:
                print(f'   [{group_of(page)}] {page} {f1} {got} {detail}')


if __name__ == '__main__':
    main()
