import { asksLikeInterstitial, detectBlockedDocument } from '@pagefeed/core';
import type { HtmlSourceDocument } from '@pagefeed/core';
import type { AnyNode } from 'domhandler';
import { attribute, childrenOf, isElement } from '../util/dom.js';
import { isHiddenFromView } from './shell-placeholders.js';

/**
 * The shared detector's verdict for a parsed page, as a reason string. A page the engine parsed
 * from a source it already checked is not scanned again.
 */
export function detectBlocked(document: HtmlSourceDocument): string | undefined {
  try {
    const error = detectBlockedDocument(document);
    return error?.message.replace(/^Blocked surface likely:\s*/i, '');
  } catch {
    return undefined;
  }
}

const WEAK_SIGNALS: readonly RegExp[] = [
  /captcha/i,
  /checking (if the site connection is secure|your browser)/i,
  /verify(ing)? (that )?you are (a )?human/i,
  /are you a robot|not a robot|bot protection|ddos protection/i,
  /access (denied|to this page has been denied)|request (was )?blocked|unusual traffic/i,
  // "Just a moment" is a wall's title; in the text it is as often a loader's ("Just a moment! We're
  // finding your results"), which asks nothing of the visitor (see `weakBlockedSignal`).
  /attention required|one more step|please wait while we/i,
  // The line Cloudflare's error pages end with, the vendor's own and the ones a site brands itself.
  /cloudflare ray id/i,
  // The reference number an edge network's refusal pages end with (digits, hex, a ten-digit epoch and
  // hex, dot-separated), the vendor's own page and the ones a site brands ("Something went wrong").
  /\b(?:reference|ref|id)\b[\s#:.]*\d{1,3}\.[0-9a-f]{6,8}\.\d{10}\.[0-9a-f]{6,10}\b/i,
  // Bot walls that only say what to switch off, or apologise for the interruption.
  /disable (any|your) ad ?blockers?|(pardon|sorry for) (our|the) interruption/i,
];

/**
 * A refusal in the site's own words (the page knows no status here: a body that says access to the
 * site is refused or restricted is a refusal, whoever wrote it), in eleven languages beside the
 * English of the signals above. "Your access to <the site> has been restricted" is the same refusal
 * written about the visitor (sixteenth session).
 */
const REFUSAL = /(?:do not|don['’]t) have (?:the )?(?:access|permission) to (?:access |view |see )?this (?:page|content|resource|site)|\byour access to .{1,60}? (?:has been|is) (?:temporarily )?(?:restricted|blocked|denied|suspended)|доступ(?: к .{1,40}?)? (?:ограничен|запрещ|заблокирован)|zugriff (?:verweigert|gesperrt|blockiert|eingeschränkt)|accès (?:refusé|interdit|bloqué|restreint)|acceso (?:denegado|restringido|bloqueado)|acesso (?:negado|bloqueado|restrito)|accesso (?:negato|bloccato)|dostęp (?:zablokowany|zabroniony|ograniczony)|erişim (?:engellendi|reddedildi)|(?:拒绝访问|访问被拒绝|访问受限)|アクセス(?:が)?(?:拒否|制限)|접근(?:이)? ?(?:거부|차단|제한)/i;

/** A form that posts to a captcha or challenge endpoint (what a robot check's one button submits). */
const CHALLENGE_FORM = /<form\b[^>]*\baction="[^"]*(captcha|challenge)[^"]*"/gi;

/**
 * Weak interstitial hints, used only when nothing on the page qualifies as a list. With `widgets`
 * false only the page's words count (title and text): a page the article gate refused as one item
 * may carry a comment form's captcha box, which does not make it a wall.
 */
export function weakBlockedSignal(document: HtmlSourceDocument, visibleText: string, readWidgets = true): string | undefined {
  // Title, visible text and widget class/id names: a captcha script on an ordinary app is not a wall.
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(document.html.slice(0, 100_000))?.[1] ?? '';
  const head = readWidgets ? document.html.slice(0, 200_000) : '';
  // On a page that shows next to nothing the hidden box is the check about to be shown; on a page a
  // person reads, a hidden form's captcha is the form's.
  const named = !readWidgets ? [] : visibleText.length < BLANK_PAGE_TEXT ? (head.match(WIDGET_ATTRIBUTE) ?? []) : shownWidgetNames(document.document);
  const widgets = [...named, ...(head.match(CHALLENGE_FORM) ?? [])].join(' ');
  const evidence = `${title} ${visibleText} ${widgets}`;
  if (/^\s*just a moment/i.test(title)) return 'the page looks like an interstitial (just a moment)';
  const found = WEAK_SIGNALS.find((pattern) => pattern.test(evidence));
  if (found) return `the page looks like an interstitial (${found.source.split('|')[0]?.replace(/[\\()?]/g, '')})`;
  if (REFUSAL.test(`${title} ${visibleText}`)) return 'the page looks like an interstitial (it says access to the site is refused or restricted)';
  // What the page asks of the visitor, in its own words (core's blocked/wording.ts).
  if (asksLikeInterstitial(`${title} ${visibleText}`.toLowerCase())) return 'the page looks like an interstitial (it asks the visitor to wait and reload, press a button, prove being human or enable cookies)';
  return undefined;
}

/** A class or id attribute naming a captcha or challenge widget, in the page's source. */
const WIDGET_ATTRIBUTE = /\b(class|id)="[^"]*(captcha|challenge)[^"]*"/gi;
/** Less text shown than this: the page shows nothing but what a script is about to draw. */
const BLANK_PAGE_TEXT = 200;
/** A class or id naming a captcha or challenge widget. */
const WIDGET_NAME = /captcha|challenge/i;
/** Widget names read (a wall has one or two; a page with more is read far enough). */
const WIDGETS_READ = 8;

/**
 * The class and id names of captcha or challenge widgets a person sees (sixteenth session): a
 * hidden input carrying a form's reCAPTCHA token, or the form's error line hidden until it is sent,
 * is an ordinary page's form, not a wall's check.
 */
function shownWidgetNames(root: AnyNode): string[] {
  const names: string[] = [];
  const stack: AnyNode[] = [root];
  let budget = 200_000;
  while (stack.length > 0 && budget > 0 && names.length < WIDGETS_READ) {
    budget -= 1;
    const node = stack.pop() as AnyNode;
    if (!('children' in node)) continue;
    if (isElement(node)) {
      if (node.name === 'script' || node.name === 'style' || isHiddenFromView(node)) continue;
      const named = `${attribute(node, 'class') ?? ''} ${attribute(node, 'id') ?? ''}`;
      if (named.length > 1 && WIDGET_NAME.test(named)) names.push(named.trim());
    }
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index] as AnyNode);
  }
  return names;
}

/** An inline script that sets a cookie, and a way the page moves the browser on (script or meta refresh). */
const SETS_COOKIE = /<script\b(?![^>]*\bsrc=)[^>]*>[^]*?document\.cookie\s*=/i;
const MOVES_ON = /<script\b(?![^>]*\bsrc=)[^>]*>[^]*?location\.(?:reload\s*\(|replace\s*\(|href\s*=)|http-equiv=["']?refresh/i;
/** An inline script that computes a hash (a proof of work or a fingerprint for the cookie). */
const HASH_WORK = /<script\b(?![^>]*\bsrc=)[^>]*>[^]*?(?:crypto\.subtle\.digest\s*\(|\b(?:md5|sha-?1|sha-?256)\s*\()/i;

/**
 * A JavaScript cookie challenge of any vendor: nothing to read and no mount point for an app, and
 * the page's own script computes a cookie and sends the browser on (reloads it, or a meta refresh).
 * An app shell draws into its mount point and stays on the page; a mount point does not make a
 * shell of a page whose script also computes a hash for its cookie (a proof of work, a fingerprint):
 * the check draws its own empty box there, and a wall wins over an app shell (fifteenth session).
 */
export function isScriptedCookieChallenge(document: HtmlSourceDocument, visibleCharacters: number, mountPoint: boolean): boolean {
  if (visibleCharacters >= 40) return false;
  const html = document.html.length > 2_000_000 ? document.html.slice(0, 2_000_000) : document.html;
  if (!SETS_COOKIE.test(html) || !MOVES_ON.test(html)) return false;
  return !mountPoint || HASH_WORK.test(html);
}
