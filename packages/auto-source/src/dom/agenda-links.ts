import type { MemberLink } from './inventory.js';
import type { ExtractedItem } from './item-fields.js';
import type { RowAccess } from './row-link-shape.js';

/**
 * A meeting archive's rows link their documents by kind — "Legal Notice", "Agenda", "Packet",
 * "Minutes" — one link each, the same words in every row (fifteenth session, `agendaLinks`). The
 * row's title (a date, a body's name) is often no link at all, so the list's link is one of these
 * labels, and the first or the longest of them is a notice of the meeting or its minutes as often
 * as its agenda; rows built a little differently fall back to their longest label. A person who
 * follows a meeting list opens the agenda: the document that says what the meeting is about, there
 * for past and coming meetings alike. So when the leading list's links carry one short label in
 * most rows (`labelOf`) and most of its rows hold a link labelled as the agenda, each with a URL of
 * its own, every row takes its agenda link.
 *
 * A list whose links have texts of their own (titles) is never touched, nor one whose label is no
 * document of the meeting (a body's name repeated in every row, "Meeting details"): that link leads
 * to the meeting itself, which is more than its agenda. Rows without an agenda keep their link.
 */

/** Fewest rows for a list of labels to say anything. */
const MIN_ROWS = 3;
/** Share of the items whose link must carry one text for the list's links to be a label. */
const LABEL_SHARE = 0.8;
/** Share of the items whose row must hold an agenda link of its own. */
const AGENDA_SHARE = 0.8;
/** Share of the agenda links with a URL of their own. */
const AGENDA_DISTINCT = 0.9;
/**
 * A label names the meeting's agenda; the label may go on ("Agenda (Spanish)", "Agenda packet") but
 * stays short: "Agenda for the May 5 meeting" is a title.
 */
const AGENDA_LABEL = /^(agenda|tagesordnung|ordre du jour|orden del d[ií]a|ordine del giorno)\b/i;
const MAX_LABEL = 24;
/**
 * Labels of a meeting's other documents: a row linked by one of these is linked by a document that
 * is not the agenda. Any other label (a body's name, "Meeting details") is the row's own link.
 */
const DOCUMENT_LABEL = /\b(notice|minutes|packet|video|audio|summary|highlights|attachments?|transcript|pdf|download|protokoll|niederschrift|acta|aviso|procès-verbal)\b/i;

/** Ends a link path that means the row's link at that path labelled as the agenda. */
const AGENDA_MARK = '\u0001';

/** The row's link at `path` labelled as the agenda, as a link path (read by `linkAt`, dom/primary-link.ts). */
export function agendaSlotPath(path: string): string {
  return `${path}${AGENDA_MARK}`;
}

/** The path of an agenda link path, undefined for any other link path. */
export function agendaPathOf(linkPath: string): string | undefined {
  return linkPath.endsWith(AGENDA_MARK) ? linkPath.slice(0, -AGENDA_MARK.length) : undefined;
}

/** The text most of `texts` share (spaces folded, lower case), when it is a short label. */
export function labelOf(texts: readonly string[]): string | undefined {
  if (texts.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const text of texts) {
    const key = text.replace(/\s+/g, ' ').trim().toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best = '';
  let bestCount = 0;
  for (const [text, count] of counts) if (count > bestCount) [best, bestCount] = [text, count];
  if (best === '' || best.length > MAX_LABEL || bestCount < texts.length * LABEL_SHARE) return undefined;
  return best;
}

/** Whether one link's text is a short label naming the agenda. */
export function isAgendaText(text: string): boolean {
  const label = text.replace(/\s+/g, ' ').trim();
  return label.length <= MAX_LABEL && AGENDA_LABEL.test(label);
}

/**
 * The leading list's items with each row's agenda link taken over a notice, packet or minutes label
 * (see the module comment); `items` itself when the list is no such list.
 */
export function relinkToAgendas<S>(items: readonly ExtractedItem[], states: readonly S[], access: RowAccess<S>): readonly ExtractedItem[] {
  if (items.length < MIN_ROWS) return items;
  const texts: string[] = [];
  for (const item of items) texts.push(linkText(item));
  const label = labelOf(texts);
  if (label === undefined || !(isAgendaText(label) || DOCUMENT_LABEL.test(label))) return items;
  // The agenda link of each row that has one (the first link so labelled).
  const byMember = new Map<unknown, ExtractedItem>();
  for (const item of items) byMember.set(item.member, item);
  const agendas = new Map<S, MemberLink>();
  for (const state of states) {
    if (!byMember.has(access.memberOf(state))) continue;
    const agenda = access.inventoryOf(state).links.find((link) => !link.share && isAgendaText(link.text));
    if (agenda) agendas.set(state, agenda);
  }
  if (agendas.size < items.length * AGENDA_SHARE) return items;
  const keys = new Set<string>();
  for (const link of agendas.values()) keys.add(link.key);
  if (keys.size < agendas.size * AGENDA_DISTINCT) return items;
  const result: ExtractedItem[] = [];
  for (const state of states) {
    const current = byMember.get(access.memberOf(state));
    if (!current) continue;
    const agenda = agendas.get(state);
    // A row already linked by its agenda keeps its item.
    const item = agenda && agenda.anchor !== current.link ? access.itemOf(state, agendaSlotPath(agenda.path)) : undefined;
    result.push(item !== undefined && item.link === agenda!.anchor && item.url !== undefined ? item : current);
  }
  return result;
}

function linkText(item: ExtractedItem): string {
  for (const link of item.inventory.links) if (link.anchor === item.link) return link.text;
  return '';
}
