import { detectBlockedDocument } from '@pagefeed/core';
import type { HtmlSourceDocument } from '@pagefeed/core';

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
  /just a moment|attention required|one more step|please wait while we/i,
  // Bot walls that only say what to switch off, or apologise for the interruption.
  /disable (any|your) ad ?blockers?|(pardon|sorry for) (our|the) interruption/i,
];

/** Weak interstitial hints, used only when nothing on the page qualifies as a list. */
export function weakBlockedSignal(document: HtmlSourceDocument, visibleText: string): string | undefined {
  // Title, visible text and widget class/id names: a captcha script on an ordinary app is not a wall.
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(document.html.slice(0, 100_000))?.[1] ?? '';
  const widgets = document.html.slice(0, 200_000).match(/\b(class|id)="[^"]*(captcha|challenge)[^"]*"/gi)?.join(' ') ?? '';
  const evidence = `${title} ${visibleText} ${widgets}`;
  const found = WEAK_SIGNALS.find((pattern) => pattern.test(evidence));
  return found ? `the page looks like an interstitial (${found.source.split('|')[0]?.replace(/[\\()?]/g, '')})` : undefined;
}
