import { isExtractionTimeout, noScrapersFound } from '@pagefeed/core';
import type { AutoSource, AutoSourceDiagnostics, AutoSourceResult, Candidate, FeedError, HtmlSourceDocument, ItemDraft, ScraperContext, ScraperResult, SourceDocument } from '@pagefeed/core';
import type { Element } from 'domhandler';
import { findNativeFeeds } from './native-feeds.js';
import { attribute } from './util/dom.js';
import { textOf, withTextScope } from './util/text.js';
import { startExtractionMemos } from './util/extraction-memo.js';
import { articleSignals, isWithin, type ArticleSignals } from './surface/article.js';
import { articleProbability, gateFeatures, readsCandidateFacts, readsPageFacts, readsReadingFacts, readsSubjectFacts, readsThreadFacts, strongestInputs } from './surface/article-gate.js';
import { pageFacts } from './surface/article-page.js';
import { declaredItem, withDeclaredThing, type DeclaredItem } from './surface/declared-item.js';
import { decidingProbability, leadingAlternatives } from './surface/article-leading.js';
import { ARTICLE_GATE_MODEL } from './surface/article-gate-model.js';
import { ARTICLE_GATE_VETO_MODEL, VETO_KEEP_BELOW, VETO_REFUSE_ABOVE } from './surface/article-gate-veto-model.js';
import { markupConfirmsStructuredList } from './surface/structured-list.js';
import { siblingBlockReason } from './surface/sibling-links.js';
import { isFullPostList } from './surface/post-archive.js';
import { isDataTableList } from './surface/article-subject.js';
import { SIBLING_REFUSAL_SHARE, siblingShare } from './surface/article-thread.js';
import { discussionFacts, isDiscussion, type DiscussionFacts } from './surface/article-discussion.js';
import { detectBlocked, isScriptedCookieChallenge, weakBlockedSignal } from './surface/blocked.js';
import { isAppShell, isLoadingShell, shellSignals } from './surface/shell.js';
import { mainRegion } from './surface/shell-placeholders.js';
import { bodyOf, refusedPageClass, visibleText } from './surface/refused-page.js';
import { defaultTiers, type Tier } from './tiers.js';
import { appState } from './scrapers/app-state.js';
import { createJsonLd, jsonLd } from './scrapers/json-ld.js';
import { selectOnPage } from './dom/selectors.js';
import { createDomHeuristics, domHeuristics, type RankingOptions } from './scrapers/dom-heuristics.js';
import { RANKING_SWITCHES, type AutoSourceOptions, type RankingSwitch } from './auto-source-options.js';

export type { AutoSourceOptions } from './auto-source-options.js';


type Step = AutoSourceDiagnostics['steps'][number];

/** Paragraph text outside every item: above this the page is one article with some lists around it. */
const ARTICLE_TEXT_WITHOUT_SIGNALS = 3_000;
/** Paragraph text that makes an item a full post (lists of full posts are still lists). */
const FULL_POST_TEXT = 1_000;
/** A list this long is the page's content even next to a long text. */
const LONG_LIST = 10;

export function createAutoSource(options: AutoSourceOptions = {}): AutoSource {
  const tiers = withRanking(withShownLinks(options.tiers ?? (options.renderedOverAppState === false ? defaultTiers : renderedFirst(defaultTiers)), options), options);
  return {
    async extract(document: SourceDocument, context: ScraperContext): Promise<AutoSourceResult> {
      // Answers kept for one page only (util/extraction-memo.ts): this page pays for its own texts.
      startExtractionMemos();
      const nativeFeeds = findNativeFeeds(document);
      const steps: Step[] = [];
      const candidates: Candidate[] = [];
      const fail = (error: FeedError): never => {
        throw Object.assign(error, { diagnostics: { candidates, nativeFeeds, steps } satisfies AutoSourceDiagnostics });
      };
      // A native feed's entries are passed through by the engine; the cascade reads pages only.
      if (document.kind === 'feed') return fail(classifyFailure(document, false));
      if (nativeFeeds.length > 0) steps.push({ scraper: 'native-feeds', found: nativeFeeds.length, note: nativeFeeds.map((feed) => feed.url).join(' ') });
      if (document.kind === 'html') {
        const blocked = detectBlocked(document);
        if (blocked) fail(noScrapersFound('blocked_surface', blocked));
      }
      const run = async (tier: Tier, note?: string): Promise<ScraperResult | undefined> => {
        let result: ScraperResult;
        context.deadline?.check();
        try {
          result = await tier.scraper.scrape(document, context);
        } catch (error) {
          // A spent budget ends the whole extraction, not just this tier.
          if (isExtractionTimeout(error)) throw error;
          steps.push({ scraper: tier.scraper.name, found: 0, note: `failed: ${(error as Error).message}` });
          return undefined;
        }
        candidates.push(...result.candidates);
        const qualifies = result.items.length >= tier.minItems && (tier.minScore === undefined || (result.candidates[0]?.score ?? 0) >= tier.minScore);
        const stepNote = [note, result.items.length > 0 && !qualifies ? 'below the bar' : undefined].filter(Boolean).join('; ');
        steps.push({ scraper: tier.scraper.name, found: result.items.length, ...(stepNote ? { note: stepNote } : {}) });
        return qualifies ? result : undefined;
      };
      for (const [index, tier] of tiers.entries()) {
        let result = await run(tier);
        if (!result) continue;
        let winner = tier;
        let why: string | undefined;
        // Structured data sometimes lists only a carousel; a longer page list that contains it wins.
        const checker = tiers.slice(index + 1).find((later) => later.overridesShorterLists);
        let confirmed = false;
        if (checker) {
          const checked = await run(checker, `cross-check of ${tier.scraper.name}`);
          if (checked && containsLonger(checked.items, result.items)) {
            why = `${checker.scraper.name} found ${checked.items.length} items that include the ${result.items.length} of ${tier.scraper.name}`;
            [result, winner] = [checked, checker];
          } else {
            confirmed = markupConfirmsStructuredList(result.items, checked?.items, document.url);
          }
        }
        const best = result.candidates[0];
        if (document.kind === 'html') {
          // The DOM tier's member texts are in the page's text map: the check reads them again.
          const article = withTextScope(document.document, () => articleVerdict(document, best, options, result.candidates, confirmed))
            // An item page whose list links to its own kind of page (surface/sibling-links.ts).
            ?? (options.siblingGate ? siblingBlockReason(document.document, document.url, result.items, () => articleSignals(document.document).jsonLdArticle) : undefined);
          if (article) fail(withTextScope(document.document, () => refusedPageClass(document, options.loadingShells === true)) ?? noScrapersFound('unsupported_surface', article));
        }
        const winning = result.candidates;
        const diagnostics: AutoSourceDiagnostics = {
          scraper: winner.scraper.name,
          // The winner first (what `pagefeed capture` writes back), then the rest.
          candidates: [...winning, ...candidates.filter((candidate) => !winning.includes(candidate))],
          reason: why ?? reasonFor(winner.scraper.name, best, winning[1]),
          nativeFeeds,
          steps,
        };
        return { items: result.items, diagnostics };
      }
      // Texts read for the verdict go to the page's own text map (see `withTextScope`).
      return fail(document.kind === 'html' ? withTextScope(document.document, () => classifyFailure(document, nativeFeeds.length > 0, options.loadingShells === true)) : classifyFailure(document, nativeFeeds.length > 0));
    },
  };
}

/**
 * The app-state tier moved after the DOM tier: a script's JSON state is read only when the rendered
 * markup holds no list (tenth session; see `AutoSourceOptions.renderedOverAppState`).
 */
function renderedFirst(tiers: readonly Tier[]): readonly Tier[] {
  const state = tiers.find((tier) => tier.scraper === appState);
  return state ? [...tiers.filter((tier) => tier !== state), state] : tiers;
}

/** The JSON-LD tier without its shown-links step when `shownItemLinks` is false (eleventh session). */
function withShownLinks(tiers: readonly Tier[], options: AutoSourceOptions): readonly Tier[] {
  if (options.shownItemLinks !== false) return tiers;
  return tiers.map((tier) => (tier.scraper === jsonLd ? { ...tier, scraper: createJsonLd({ shownLinks: false }) } : tier));
}

/** The tiers with the DOM tier's ranking replaced when the options ask for another one. */
function withRanking(tiers: readonly Tier[], options: AutoSourceOptions): readonly Tier[] {
  const switches: Partial<Record<RankingSwitch, boolean>> = {};
  for (const name of RANKING_SWITCHES) {
    const value = options[name];
    if (value !== undefined) switches[name] = value;
  }
  if (options.rankingModel === undefined && !options.onRanking && Object.keys(switches).length === 0) return tiers;
  const ranking: RankingOptions = {
    ...(options.rankingModel !== undefined ? { model: options.rankingModel } : {}),
    ...(options.onRanking ? { observe: options.onRanking } : {}),
    ...switches,
  };
  return tiers.map((tier) => (tier.scraper === domHeuristics ? { ...tier, scraper: createDomHeuristics(ranking) } : tier));
}

/**
 * The article gate's verdict: a reason when the page is a single article, else undefined. The
 * hand-written rules below are one input of a model fitted on the corpus (see surface/article-gate.ts).
 */
function articleVerdict(document: HtmlSourceDocument, winner: Candidate | undefined, options: AutoSourceOptions, ranked: readonly Candidate[] = [], confirmed = false): string | undefined {
  const signals = articleSignals(document.document);
  const members = winner?.selectors ? safeSelect(document, winner.selectors.items) : [];
  const ruleReason = singleArticleReason(signals, members, winner, confirmed);
  if (options.articleModel === null && !options.onArticleCheck) return ruleReason;
  const model = options.articleModel ?? ARTICLE_GATE_MODEL;
  // Page facts (surface/article-page.ts) cost a walk: only for a model that reads them, or an observer.
  const page = readsPageFacts(model) || options.onArticleCheck ? pageFacts(document.document, signals.mainBlock, signals.mainBlockCharacters) : undefined;
  // The rules without the declaration (an input of its own): only for a model that reads it, or an observer.
  const undeclared = model.features.includes('rulesUndeclared') || options.onArticleCheck ? { undeclaredReason: singleArticleReason(signals, members, winner, confirmed, false) } : {};
  // The shipped gate's confident veto (surface/article-gate-veto-model.ts) reads the candidate, reading
  // and subject facts, whose walks cost about a millisecond a page; it applies to the shipped model
  // alone (`articleVeto`, on unless false).
  const veto = options.articleVeto !== false && model === ARTICLE_GATE_MODEL;
  // The candidate facts (surface/article-candidate.ts) likewise: only for a model that reads them, or an observer.
  const readCandidate = readsCandidateFacts(model) || veto || options.onArticleCheck !== undefined;
  // The reading facts (surface/article-reading.ts) likewise; `postSections` walks the page.
  const readReading = readsReadingFacts(model) || veto || options.onArticleCheck !== undefined;
  // The subject facts (surface/article-subject.ts) likewise; they walk the page.
  const readSubject = readsSubjectFacts(model) || veto || options.onArticleCheck !== undefined;
  // The thread facts (surface/article-thread.ts) likewise.
  const readThread = readsThreadFacts(model) || options.onArticleCheck !== undefined;
  const features = gateFeatures({ document, signals, winner, members, ruleReason, ...(page ? { page } : {}), ...undeclared, readCandidate, readReading, readSubject, readThread });
  const probability = articleProbability(features, model);
  // The model was fitted on lists the page shows (members found by the winner's selector); a list
  // from structured data alone (JSON-LD, microdata) is judged by the rules.
  const rulesDecide = options.articleModel === null || members.length === 0;
  // The winner may be a weak part of a real list (its date cells, its row links): a model with
  // `leading` > 1 calls the page a list when one of that many leading candidates reads as one
  // (surface/article-leading.ts). The shipped model reads the winner alone; observers see them all.
  const alternatives = members.length === 0 ? [] : leadingAlternatives(ranked, winner, model, (candidate) => {
    const candidateMembers = safeSelect(document, candidate.selectors!.items);
    const undeclaredReason = singleArticleReason(signals, candidateMembers, candidate, false, false);
    return gateFeatures({ document, signals, winner: candidate, members: candidateMembers, ruleReason: singleArticleReason(signals, candidateMembers, candidate), ...(page ? { page } : {}), undeclaredReason, readCandidate, readReading, readSubject, readThread });
  }, options.onArticleCheck !== undefined);
  let article = rulesDecide ? ruleReason !== undefined : decidingProbability(probability, alternatives, model) >= model.threshold;
  // Another model's keep of a page the shipped model refuses does not stand when the list links to the
  // page's own kind of address: an item page's related block (`siblingRefusals`, off unless true).
  if (!article && !rulesDecide && options.siblingRefusals === true && model !== ARTICLE_GATE_MODEL
    && articleProbability(features, ARTICLE_GATE_MODEL) >= ARTICLE_GATE_MODEL.threshold && siblingShare(document.url, members) >= SIBLING_REFUSAL_SHARE) article = true;
  // A data table under a header row is read row by row as the page's content: the fitted gate's verdict
  // of one article does not stand against it (surface/article-subject.ts; the rules-only mode is unchanged).
  if (article && !rulesDecide && options.dataTableLists !== false && isDataTableList(members)) article = false;
  // A refit on every development page overturns the shipped verdict only where it is more confident than
  // on any development page it would have got wrong (fifteenth session; surface/article-gate-veto-model.ts).
  let vetoed: number | undefined;
  if (veto && !rulesDecide) {
    const confident = articleProbability(features, ARTICLE_GATE_VETO_MODEL);
    if ((!article && confident > VETO_REFUSE_ABOVE) || (article && confident < VETO_KEEP_BELOW)) {
      article = !article;
      vetoed = confident;
    }
  }
  // A discussion read as one page: the list's rows are posts with bodies of their own, the same
  // buttons and different authors, none with a linked title (surface/article-discussion.ts;
  // `discussionRefusals`, off unless true; observers see the facts of every kept page with members).
  let discussion: DiscussionFacts | undefined;
  if (!article && !rulesDecide && (options.discussionRefusals === true || options.onArticleCheck)) {
    discussion = discussionFacts(members);
    if (options.discussionRefusals === true && isDiscussion(discussion)) article = true;
  }
  // The page's own declaration of one item (surface/declared-item.ts), read only for pages about to
  // be kept, and not in the rules-only mode (`articleModel: null`), which stays the rules alone.
  let declared: DeclaredItem | undefined;
  if (!article && options.declaredItems === true && options.articleModel !== null) {
    declared = declaredItem(document.document);
    if (declared && (members.length === 0 || withDeclaredThing(decidingProbability(probability, alternatives, model), declared) >= model.threshold)) article = true;
    else declared = undefined;
  }
  // A list of full posts keeps the page whatever the model or a declaration says; the page facts'
  // walk is paid here only by pages about to be refused.
  if (article && options.fullPostLists === true && isFullPostList(page ?? pageFacts(document.document, signals.mainBlock, signals.mainBlockCharacters))) article = false;
  options.onArticleCheck?.({ features, probability, article, alternatives, ...(discussion ? { discussion } : {}) });
  if (!article) return undefined;
  if (declared) {
    return members.length === 0
      ? `the page declares one ${declared.type} (${declared.source}) and its list comes from structured data alone: a single item page, not a list`
      : `the page declares one ${declared.type} (${declared.source}) and reads as its page (article gate p=${withDeclaredThing(probability, declared).toFixed(2)} with the declaration, ${probability.toFixed(2)} without): a single item, not a list`;
  }
  if (discussion && isDiscussion(discussion) && options.discussionRefusals === true) {
    return `the list's ${discussion.posts} rows read as the posts of one discussion (bodies of ${Math.round(discussion.postBody)} characters outside links, the same buttons, ${discussion.authors} authors, no linked titles): a single page, not a list`;
  }
  if (vetoed !== undefined) return `the page reads as a single article, not a list (the refitted gate's veto p=${vetoed.toFixed(3)} over the shipped gate's p=${probability.toFixed(2)})`;
  return ruleReason ?? `the page reads as a single article, not a list (article gate p=${probability.toFixed(2)}: ${strongestInputs(features, model)})`;
}

/**
 * Why the page is a single article rather than a list, or undefined. Lists of full posts keep the
 * page's main text inside an item; article pages keep it outside, or hold the "list" inside their
 * one article (links in the body, related posts).
 */
function singleArticleReason(signals: ArticleSignals, members: readonly Element[], winner: Candidate | undefined, confirmed = false, readDeclaration = true): string | undefined {
  const mainBlock = signals.mainBlock;
  const longMembers = members.filter((member) => textOf(member, FULL_POST_TEXT).length >= FULL_POST_TEXT / 2).length;
  const headingLinks = winner?.features.find((feature) => feature.name === 'headingLinks')?.value ?? 0;
  // A list of full posts: several long items, each under a heading link, one of them holding the main text.
  if (mainBlock && longMembers >= 2 && headingLinks >= 0.5 && members.some((member) => isWithin(mainBlock, member))) return undefined;
  // Some CMSs put og:type=article on every page; a long list with no long text beside it overrules
  // that (a JSON-LD article as the page's entity is deliberate and is not overruled), and so does a
  // structured-data list that the page's markup repeats (`confirmed`, surface/structured-list.ts).
  const longListOnly = !signals.jsonLdArticle && ((members.length >= LONG_LIST && signals.mainBlockCharacters < FULL_POST_TEXT) || confirmed);
  if (readDeclaration && (signals.openGraphArticle || signals.jsonLdArticle) && !longListOnly) return 'the page declares itself a single article (og:type or JSON-LD), not a list';
  const inChrome = (winner?.features.find((feature) => feature.name === 'boilerplateAncestry')?.value ?? 0) >= 0.5;
  if (inChrome && mainBlock && signals.mainBlockCharacters >= FULL_POST_TEXT && !members.some((member) => isWithin(mainBlock, member))) {
    return 'the only list sits in the page chrome (aside, nav, footer) next to one long text: the page is an article, not a list';
  }
  const soleArticle = signals.soleArticle;
  if (soleArticle && members.length > 0 && members.every((member) => isInArticleBody(member, soleArticle))) {
    return 'the only list on the page sits inside its single article, so the page is an article, not a list';
  }
  const listText = members.reduce((sum, member) => sum + textOf(member, ARTICLE_TEXT_WITHOUT_SIGNALS).length, 0);
  if (signals.mainBlockCharacters >= ARTICLE_TEXT_WITHOUT_SIGNALS && members.length < LONG_LIST && listText < signals.mainBlockCharacters) {
    return `the page is a single article (${signals.mainBlockCharacters} characters of body text outside any list), not a list`;
  }
  return undefined;
}

const ARTICLE_BODY = /(^|[-_\s])(entry|post|article|story)[-_]?(content|body|text)([-_\s]|$)/i;

/** `member` sits in the body text of `article` (an element named like `entry-content` between them). */
function isInArticleBody(member: Element, article: Element): boolean {
  let current = member.parent as Element | null;
  let body = false;
  for (let steps = 0; current && steps < 400; steps += 1) {
    if (current === article) return body;
    if (ARTICLE_BODY.test(attribute(current, 'class') ?? '') || attribute(current, 'itemprop') === 'articleBody') body = true;
    current = current.parent as Element | null;
  }
  return false;
}

function safeSelect(document: HtmlSourceDocument, selector: string): Element[] {
  return selectOnPage(document.document, selector);
}

/** `longer` has at least twice the items of `shorter` and most of its URLs. */
function containsLonger(longer: readonly ItemDraft[], shorter: readonly ItemDraft[]): boolean {
  if (longer.length < shorter.length * 2) return false;
  const urls = new Set(longer.map((item) => item.url).filter(Boolean));
  const shorterUrls = shorter.map((item) => item.url).filter(Boolean);
  return shorterUrls.length > 0 && shorterUrls.filter((url) => urls.has(url)).length >= shorterUrls.length * 0.6;
}

function classifyFailure(document: SourceDocument, hasNativeFeeds: boolean, loadingShells = false): FeedError {
  const feedHint = hasNativeFeeds ? '; the page links its own feed (see diagnostics)' : '';
  if (document.kind === 'json') return noScrapersFound('unsupported_surface', `no array of titled objects in the JSON document${feedHint}`);
  if (document.kind === 'feed') return noScrapersFound('unsupported_surface', `${document.url} already is a feed (RSS, Atom or JSON Feed): the engine passes its entries through, auto-source does not read feeds`);
  const shell = shellSignals(document.document);
  const weak = shell.visibleCharacters < 3_000 ? weakBlockedSignal(document, visibleText(document)) : undefined;
  if (weak) return noScrapersFound('blocked_surface', weak);
  // What a person sees: text hidden until a timer shows it, or shown only without JavaScript, is not there yet.
  const region = mainRegion(bodyOf(document));
  if (isScriptedCookieChallenge(document, Math.min(shell.visibleCharacters, region.shownText), shell.mountPoint)) {
    return noScrapersFound('blocked_surface', 'the page shows no text and its script sets a cookie and reloads or redirects: a JavaScript challenge, not an app shell');
  }
  if (isAppShell(shell) || (loadingShells && isLoadingShell(region))) {
    return noScrapersFound('app_shell', `the server HTML has ${shell.visibleCharacters} characters of text and ${shell.scripts} scripts; the content is rendered by JavaScript${feedHint}`);
  }
  const article = articleSignals(document.document);
  if (article.openGraphArticle || article.jsonLdArticle || article.mainBlockCharacters >= FULL_POST_TEXT) {
    return noScrapersFound('unsupported_surface', `the page is a single article, not a list${feedHint}`);
  }
  return noScrapersFound('unsupported_surface', `no list of items found on the page${feedHint}`);
}

function reasonFor(scraper: string, winner: Candidate | undefined, runnerUp: Candidate | undefined): string {
  if (!winner) return `${scraper} found items`;
  const strongest = [...winner.features].sort((left, right) => Math.abs(right.weight) - Math.abs(left.weight)).slice(0, 3);
  const features = strongest.map((feature) => `${feature.name} ${feature.weight >= 0 ? '+' : ''}${feature.weight}`).join(', ');
  const versus = runnerUp ? ` over ${runnerUp.source} (${runnerUp.score})` : '';
  return `${scraper} candidate ${winner.source} won with score ${winner.score}${versus}; strongest features: ${features}`;
}
