#!/usr/bin/env python3
"""The ranking refitted with batches 36-42 in the data, judged by the offline proxy (issue #16,
eleventh session). Nothing here ships.

    node corpus/fit/fit-ranking.mjs --develop-on 15,...,42 --dump /tmp/c.json
    node corpus/fit/experiments/block_kinds11.mjs --develop-on 15,...,42 /tmp/kinds.json   (for --kinds)
    python3 corpus/fit/experiments/refit11.py /tmp/c.json [--kinds /tmp/kinds.json] [--learner cl|challenger] [--folds N] [--moves]

Leave-one-repository-out with ranking_offline.py's learners (the conditional logit at the shipped L2
20, the challenger logit at L2 10; one learner a run), each fitted twice per held-out repository
(--folds N: the repositories in N groups, round-robin in name order, for the slow challenger): on the other
repositories' pages of batches 1-35 and the public corpus only (the data of the tenth session's
fits: "before") and on all of them, batches 36-42 included ("after"). Every page of both corpora
is scored either way (a page of batches 36-42 is never in its own fold's training data), so the
two columns differ only by what the fit saw. --kinds appends block_kinds11.mjs's three inputs (tree
rows, form rows, tab rows) and the candidate's share of those minus the leader's.
"""
import json
import re
import sys

import numpy as np

sys.path.insert(0, __file__.rsplit('/', 1)[0])
from ranking_offline import challenger_choice, cl_choice, evaluate, fit_challenger, fit_cl, load  # noqa: E402

NEW = re.compile(r'^(torrserve|meirtv|oknesset|lostfilm|openews|salesofia|obfauto|cmrwp|haulimg|scxblog|hideskick|fpgarch|ouseful|mediummcp|meetupnot|tlvcine|liapm|cscomaha|mostaql|mltoronto|gameagg|scoreto|grouch|csfdmeta|spielerplus|ap2arq|pgcrawl|fbidealista|mkthack|pricewatch|alquiler|hediyele|bdsai|ecomscr|autohunter|homescr|zonaprop|barcodebib|myautoscr|dqxhiroba|nrfgrants|rotoloauto|religiocat|sagikoza|chunchu|twstrait|riceminer|hupickaxe|plgamedeals|plkompoto|deflathunt|svflashback|svhomefind|daboliga|desnacktory|cssreality|cmecknc|grcalmi|stlmeet|ednewsfx|lrsseimas|pdlperu|geprisdfg|hepcrawl|indycsc)__')


def moves(pages, choice):
    up, down = [], []
    for p in pages:
        if not p['dom'] or choice[p['page']] == 0:
            continue
        before, after = p['f'][0], p['f'][choice[p['page']]]
        if after > before + 0.005:
            up.append((p['page'], p['repo'], round(float(before), 3), round(float(after), 3)))
        elif after < before - 0.005:
            down.append((p['page'], p['repo'], round(float(before), 3), round(float(after), 3)))
    return up, down


def main():
    pages = load(sys.argv[1])
    hand_gap = json.load(open(sys.argv[1] + '.features.json')).index('handGap')
    if '--kinds' in sys.argv:
        kinds = json.load(open(sys.argv[sys.argv.index('--kinds') + 1]))
        for p in pages:
            k = np.array(kinds.get(p['page']) or [[0, 0, 0]] * len(p['f']), dtype=float)
            if len(p['f']) == 0:
                continue
            k = k[: len(p['f'])]
            p['X'] = np.hstack([p['X'], k, k - k[0]])
    learner = sys.argv[sys.argv.index('--learner') + 1] if '--learner' in sys.argv else 'cl'
    if learner == 'cl':
        fitter, learners = (lambda train: fit_cl(train, 20, hand_gap)), {'conditional logit L2 20': cl_choice()}
    else:
        fitter, learners = (lambda train: fit_challenger(train, 10)), {f'challenger logit L2 10, p > {th}': challenger_choice(th) for th in (0.5, 0.7, 0.9)}
    repos = sorted({p['repo'] for p in pages})
    folds = int(sys.argv[sys.argv.index('--folds') + 1]) if '--folds' in sys.argv else len(repos)
    fold_of = {repo: i % folds for i, repo in enumerate(repos)}
    print('pages', len(pages), 'folds', folds, 'own', sum(p['corpus'] == 'own' for p in pages), 'of batches 36-42', sum(bool(NEW.match(p['page'])) for p in pages))
    print('hand score', evaluate(pages, lambda p: 0), flush=True)
    print('ceiling', evaluate(pages, lambda p: int(np.argmax(p['f'])) if len(p['f']) else 0), flush=True)
    for data in ('before', 'after'):
        choices = {label: {} for label in learners}
        for fold in range(folds):
            train = [p for p in pages if fold_of[p['repo']] != fold and (data == 'after' or not NEW.match(p['page']))]
            model = fitter(train)
            for p in pages:
                if fold_of[p['repo']] != fold:
                    continue
                for label, chooser in learners.items():
                    choices[label][p['page']] = chooser(model, p) if len(p['f']) >= 2 else 0
        for label, choice in choices.items():
            result = evaluate(pages, lambda p, c=choice: c[p['page']])
            new = [p for p in pages if NEW.match(p['page'])]
            new_result = evaluate(new, lambda p, c=choice: c[p['page']])
            up, down = moves(pages, choice)
            high_down = [m for m in down if m[2] >= 0.8]
            print(f'[{data}] {label}: {result} batches 36-42 {new_result["own"]}; up {len(up)} pages / {len({m[1] for m in up})} repos, down {len(down)} / {len({m[1] for m in down})} ({len(high_down)} from >= 0.8)', flush=True)
            if '--moves' in sys.argv:
                for m in up:
                    print('   up', *m)
                for m in down:
                    print('   down', *m)


if __name__ == '__main__':
    main()
