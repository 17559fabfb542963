import type { PreviewDiagnostics } from '../api-types.js';
import { h } from '../dom.js';

/** What each automatic reader looks at, in words a person uses. */
const SOURCES: Record<string, string> = {
  dom: 'a part of the page whose blocks repeat the same shape, each with its own title',
  'json-ld': "the page's structured data (schema.org JSON-LD), which lists the items",
  microdata: "the page's schema.org microdata, which marks up the items",
  'app-state': "the data the page's own script carries",
  'wordpress-rest': "the site's WordPress API",
  json: 'the JSON document itself',
};

/**
 * Why pagefeed took these items, in plain words: where on the page they come from and how clear
 * the choice was. The scores behind it are in `scoresDetails`, folded.
 */
export function plainReason(diagnostics: PreviewDiagnostics, itemCount: number): string | undefined {
  const auto = diagnostics.autoSource;
  if (!auto?.scraper) return undefined;
  const where = SOURCES[auto.scraper] ?? `what the ${auto.scraper} reader found`;
  const ranked = [...(auto.candidates ?? [])].sort((left, right) => right.score - left.score);
  const items = `${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
  if (ranked.length < 2) return `pagefeed took the ${items} from ${where}.`;
  const [best, next] = ranked;
  const clear = best && next && next.score > 0 && best.score >= next.score * 1.5 ? 'clearly' : 'narrowly';
  return `pagefeed took the ${items} from ${where}. Of the ${ranked.length} places on the page that looked like a list, this one ${clear} looked most like the page's content; the next best had ${next?.itemCount ?? 0}.`;
}

/** The technical reason and the candidates' scores, behind a toggle. */
export function scoresDetails(diagnostics: PreviewDiagnostics): HTMLElement | undefined {
  const auto = diagnostics.autoSource;
  const candidates = auto?.candidates ?? [];
  if (candidates.length === 0 && !auto?.reason) return undefined;
  return h(
    'details',
    { class: 'candidates' },
    h('summary', {}, candidates.length > 0 ? `Scores behind this choice (${candidates.length} places that looked like a list)` : 'Scores behind this choice'),
    auto?.reason ? h('p', { class: 'reason-technical' }, auto.reason) : undefined,
    candidates.length === 0
      ? undefined
      : h(
          'div',
          { class: 'table-scroll' },
          h(
            'table',
            {},
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Scraper'), h('th', { scope: 'col' }, 'Where'), h('th', { scope: 'col' }, 'Items'), h('th', { scope: 'col' }, 'Score'))),
            h(
              'tbody',
              {},
              ...[...candidates]
                .sort((left, right) => right.score - left.score)
                .slice(0, 10)
                .map((candidate) =>
                  h('tr', {}, h('td', {}, candidate.scraper), h('td', {}, h('code', {}, candidate.source)), h('td', {}, String(candidate.itemCount)), h('td', {}, candidate.score.toFixed(2))),
                ),
            ),
          ),
        ),
  );
}
