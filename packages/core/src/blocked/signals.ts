/**
 * What an anti-bot interstitial looks like, vendor by vendor. Split in two kinds because normal
 * pages carry many of the same names: a shop with a reCAPTCHA login form, a blog on Cloudflare's
 * CDN, a site that loads the DataDome or PerimeterX sensor script. `decisive` signals only appear
 * on the interstitial itself (or in a header the vendor sets only when it blocks); `suggestive`
 * signals count only when the page also has the shape of an interstitial (little visible text,
 * or a 403/429/503 status, or an interstitial title).
 */
import { createAnchorScanner, requiredLiterals } from './anchors.js';
import { asksLikeInterstitial } from './wording.js';

export interface Evidence {
  /** Lower-cased inspected text: the start and the end of the body (see `index.ts`); made when first read. */
  readonly body: string;
  /** False when the inspected text holds none of the body signals' anchors: every body test is skipped. */
  readonly bodyMayMatch: boolean;
  /** Lower-cased `<title>` text, whitespace collapsed. */
  readonly title: string;
  /** Lower-cased visible text of the inspected text (tags, scripts and styles dropped); made when first read. */
  readonly text: string;
  /** The same of the whole body (up to 2 MB), for a test that must know a page has nothing to read; made when first read. */
  readonly wholeText: string;
  readonly status: number;
  /** Lower-cased header names and values. */
  readonly headers: Readonly<Record<string, string>>;
}

export interface Signal {
  readonly vendor: string;
  /** What was seen, for the message. */
  readonly seen: string;
  readonly test: (evidence: Evidence) => boolean;
}

const header = (name: string, pattern: RegExp) => (evidence: Evidence) =>
  pattern.test(evidence.headers[name] ?? '');
const bodyPatterns: RegExp[] = [];
const body = (pattern: RegExp) => {
  bodyPatterns.push(pattern);
  return (evidence: Evidence) => evidence.bodyMayMatch && pattern.test(evidence.body);
};
const title = (pattern: RegExp) => (evidence: Evidence) => pattern.test(evidence.title);
const blockingStatus = (evidence: Evidence) => [401, 403, 405, 429, 503].includes(evidence.status);
const cloudFrontBlock = body(/request blocked\./);
const cloudflareRayId = body(/cloudflare ray id/);

/**
 * What a bot wall says, whoever serves it (lower-cased visible text or title). Read only with a
 * blocking status: a 403 that asks for a captcha or says the request was blocked as automated is a
 * wall, a 403 that only says "Forbidden" stays an HTTP error.
 */
const WALL_WORDING =
  /captcha|verify (?:that )?you(?: are|'re) (?:a )?human|(?:are you|not) a robot|checking (?:if the site connection is secure|your browser)|request (?:was |has been )?blocked|blocked your request|unusual traffic|automated (?:queries|requests|access|tools|traffic)|bot (?:protection|detection|check|verification)|ddos protection|security check|security service|(?:pardon|sorry for) (?:our|the) interruption|enable (?:js|javascript) and (?:cookies|disable)|disable (?:any|your) ad ?blockers?/;

/** A page asking the visitor for something (wording.ts) is an interstitial only below this much visible text. */
const PROMPT_TEXT_LIMIT = 1_500;
/** Visible text below this many characters: the page says nothing a reader could read. */
const CHALLENGE_TEXT_LIMIT = 40;
/** A script setting a cookie or moving the browser on, or a meta refresh (read with a blocking status only). */
const SCRIPTED_RELOAD = /<script\b[\s\S]*?(?:document\.cookie\s*=|location\.(?:reload\s*\(|replace\s*\(|href\s*=))|http-equiv=["']?refresh/;

export const DECISIVE_SIGNALS: readonly Signal[] = [
  { vendor: 'Cloudflare', seen: 'challenge header cf-mitigated', test: header('cf-mitigated', /challenge/) },
  { vendor: 'Cloudflare', seen: 'challenge script (_cf_chl_opt)', test: body(/_cf_chl_opt\b/) },
  {
    vendor: 'Cloudflare',
    seen: 'challenge form (cf_chl_captcha / jschl)',
    test: body(/\b(?:cf_chl_captcha|cf_chl_jschl|jschl_vc|jschl-answer|jschl_answer)\b|id="cf-browser-verification"|cf-im-under-attack/),
  },
  {
    vendor: 'Cloudflare',
    seen: 'interstitial title',
    test: (evidence) =>
      /^(?:just a moment\.*|attention required! \| cloudflare|access denied \| .* used cloudflare to restrict access)$/.test(evidence.title),
  },
  // The captcha host in use: a script or frame address, or the page's `dd` settings ('host':
  // 'geo.captcha-delivery.com'). A page whose content-security policy merely allows the host (a
  // rendered listing of a DataDome customer lists it among dozens of hosts) is not the captcha page.
  { vendor: 'DataDome', seen: 'captcha page (captcha-delivery.com)', test: body(/captcha-delivery\.com['"\/]/) },
  {
    vendor: 'DataDome',
    seen: 'blocking status with x-datadome header',
    test: (evidence) => blockingStatus(evidence) && evidence.headers['x-datadome'] !== undefined,
  },
  {
    vendor: 'Akamai',
    seen: '"Access Denied" reference page',
    test: (evidence) =>
      evidence.title === 'access denied' &&
      /you don't have permission to access|errors\.edgesuite\.net|reference&#32;#|reference #/.test(evidence.body),
  },
  { vendor: 'Akamai', seen: 'bot manager challenge (bm-verify)', test: body(/\bbm-verify\b|sec-if-cpt-container/) },
  {
    vendor: 'PerimeterX (HUMAN)',
    seen: 'press-and-hold captcha',
    test: body(/id="px-captcha"|_pxcaptcha|captcha\.px-cdn\.net|px-captcha-wrapper/),
  },
  {
    vendor: 'PerimeterX (HUMAN)',
    seen: 'block page title',
    test: title(/^access to this page has been denied\.?$/),
  },
  { vendor: 'Vercel', seen: 'challenge header x-vercel-mitigated', test: header('x-vercel-mitigated', /challenge|deny/) },
  { vendor: 'Vercel', seen: 'security checkpoint page', test: body(/vercel security checkpoint|\/\.well-known\/vercel\/security\//) },
  { vendor: 'Sucuri', seen: 'firewall block or JS challenge', test: body(/sucuri website firewall|sucuri_cloudproxy_js/) },
  { vendor: 'Sucuri', seen: 'block header x-sucuri-block', test: header('x-sucuri-block', /./) },
  { vendor: 'Imperva (Incapsula)', seen: 'incident page', test: body(/incapsula incident id|request unsuccessful\. incapsula/) },
  { vendor: 'AWS WAF', seen: 'challenge header x-amzn-waf-action', test: header('x-amzn-waf-action', /captcha|challenge/) },
  { vendor: 'AWS WAF', seen: 'challenge script (gokuProps)', test: body(/window\.gokuprops\s*=/) },
  {
    vendor: 'Wordfence',
    seen: 'access-limited page',
    test: body(/your access to this site has been limited by the site owner|generated by wordfence/),
  },
  { vendor: 'DDoS-Guard', seen: 'check page', test: title(/^ddos-guard$|^check your browser.*ddos-guard/) },
  {
    // CloudFront's own error page says "Request blocked." when AWS WAF refused the request (its other
    // errors, 502/504, carry the same title without it).
    vendor: 'AWS (CloudFront WAF)',
    seen: '"Request blocked" error page',
    test: (evidence) => evidence.title === 'error: the request could not be satisfied' && cloudFrontBlock(evidence),
  },
  { vendor: 'Anubis', seen: 'proof-of-work challenge', test: body(/id="anubis_challenge"|making sure you(?:'|&#39;|’)re not a bot/) },
  { vendor: 'Kasada', seen: 'challenge status with x-kpsdk header', test: (evidence) => evidence.status === 429 && evidence.headers['x-kpsdk-ct'] !== undefined },
  {
    vendor: 'Google',
    seen: '"unusual traffic" page',
    test: body(/our systems have detected unusual traffic from your computer network/),
  },
];

/** Titles interstitials use; vendor-neutral. */
const INTERSTITIAL_TITLE =
  /^(?:just a moment|attention required|access denied|security check|checking your browser|are you a robot|verify you are (?:a )?human|please verify you are (?:a )?human|human verification|bot (?:check|verification)|one more step|pardon our interruption|captcha)\b/;

export const SUGGESTIVE_SIGNALS: readonly Signal[] = [
  { vendor: 'Cloudflare', seen: 'Turnstile widget', test: body(/challenges\.cloudflare\.com\/turnstile|class="cf-turnstile"/) },
  { vendor: 'Cloudflare', seen: 'challenge platform script', test: body(/\/cdn-cgi\/challenge-platform\/h\/[a-z]\/orchestrate\//) },
  { vendor: 'Cloudflare', seen: 'blocking status with cf-ray header', test: (evidence) => blockingStatus(evidence) && evidence.headers['cf-ray'] !== undefined && /cloudflare/.test(evidence.body) },
  { vendor: 'Imperva (Incapsula)', seen: 'resource iframe (_Incapsula_Resource)', test: body(/_incapsula_resource/) },
  { vendor: 'reCAPTCHA', seen: 'captcha widget', test: body(/class="g-recaptcha"|recaptcha\/api2\/anchor/) },
  { vendor: 'hCaptcha', seen: 'captcha widget', test: body(/class="h-captcha"|hcaptcha\.com\/captcha\/v1/) },
  { vendor: 'PerimeterX (HUMAN)', seen: 'sensor with block app id', test: body(/window\._pxappid/) },
  { vendor: 'unknown vendor', seen: 'interstitial title', test: (evidence) => INTERSTITIAL_TITLE.test(evidence.title) },
  {
    // Cloudflare's and StackPath's block pages, and others modelled on them, use this sentence.
    vendor: 'unknown vendor',
    seen: 'security-service block notice',
    test: body(/is using a security service (?:for protection against|to protect itself from) online attacks/),
  },
  { vendor: 'DataDome', seen: 'interstitial wording', test: body(/please enable js and disable any ad ?blocker/) },
  { vendor: 'AWS WAF', seen: 'challenge integration script', test: body(/window\.awswafcookiedomainlist|awswafintegration\.(?:checkforcerefresh|gettoken)/) },
  { vendor: 'Kasada', seen: 'challenge script (KPSDK)', test: body(/window\.kpsdk\b|kpsdk\.scriptstart/) },
  { vendor: 'DDoS-Guard', seen: 'challenge script path', test: body(/\/\.well-known\/ddos-guard\//) },
  { vendor: 'DDoS-Guard', seen: 'blocking status from its server', test: (evidence) => blockingStatus(evidence) && /^ddos-guard\b/.test(evidence.headers['server'] ?? '') },
  { vendor: 'SiteGround', seen: 'captcha redirect (sgcaptcha)', test: body(/\/\.well-known\/sgcaptcha\//) },
  // GeeTest's slide or click captcha as a page loads it (its script hosts, its initialiser, its
  // widget box); a page that merely links the vendor's site carries none of them.
  { vendor: 'GeeTest', seen: 'captcha widget', test: body(/(?:static|api)\.geetest\.com\/|initgeetest\s*\(|class="geetest_holder|id="geetest_captcha"/) },
  {
    // Cloudflare's error pages, its own and the ones a site brands itself, end with this line; a
    // server error of the origin (5xx other than 503) behind the same page stays an HTTP error.
    vendor: 'Cloudflare',
    seen: 'error page with a Ray ID',
    test: (evidence) => (evidence.status < 500 || evidence.status === 503) && cloudflareRayId(evidence),
  },
  {
    // A JavaScript challenge of any vendor: refused, nothing to read, and the page computes a
    // cookie or sends the browser on by script or meta refresh (a plain 403 or 503 page says what
    // went wrong in words and stays an HTTP error).
    vendor: 'unknown vendor',
    seen: 'blocking status with a textless script challenge',
    test: (evidence) => blockingStatus(evidence) && SCRIPTED_RELOAD.test(evidence.body) && evidence.wholeText.length < CHALLENGE_TEXT_LIMIT,
  },
  {
    vendor: 'unknown vendor',
    seen: 'blocking status with bot-wall wording',
    test: (evidence) => blockingStatus(evidence) && (WALL_WORDING.test(evidence.title) || WALL_WORDING.test(evidence.text)),
  },
  {
    // The same in the site's own words, in many languages (wording.ts): wait and reload, press the
    // button to go on, confirm being a person, switch cookies on.
    vendor: 'unknown vendor',
    seen: 'blocking status with an interstitial prompt',
    // Only on a thin page: a refused long page that mentions cookies or a reload is still a page.
    test: (evidence) =>
      blockingStatus(evidence) && (asksLikeInterstitial(evidence.title) || asksLikeInterstitial(evidence.text)) && evidence.wholeText.length < PROMPT_TEXT_LIMIT,
  },
];



/**
 * Every body signal's anchors (see `anchors.ts`): text without any of them matches no body
 * signal, so the body tests are skipped for it.
 */
export const BODY_ANCHORS: readonly string[] = [...new Set(bodyPatterns.flatMap(requiredLiterals))];
export const scanForBodyAnchors = createAnchorScanner(BODY_ANCHORS);
