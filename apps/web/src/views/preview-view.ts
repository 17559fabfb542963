import type { PreviewDiagnostics, PreviewResponse } from '../api-types.js';
import { h } from '../dom.js';
import { renderItems } from './items-view.js';

function seconds(milliseconds: number | undefined): string {
  if (milliseconds === undefined) return 'unknown';
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}

function row(term: string, value: string | Node): HTMLElement[] {
  return [h('dt', {}, term), h('dd', {}, value)];
}

function candidatesTable(diagnostics: PreviewDiagnostics): HTMLElement | undefined {
  const candidates = diagnostics.candidates ?? [];
  if (candidates.length === 0) return undefined;
  return h(
    'details',
    { class: 'candidates' },
    h('summary', {}, `Other places on the page that looked like a list (${candidates.length})`),
    h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        {},
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Scraper'), h('th', { scope: 'col' }, 'Where'), h('th', { scope: 'col' }, 'Items'), h('th', { scope: 'col' }, 'Score'))),
        h(
          'tbody',
          {},
          ...candidates.slice(0, 10).map((candidate) =>
            h('tr', {}, h('td', {}, candidate.scraper), h('td', {}, h('code', {}, candidate.source)), h('td', {}, String(candidate.itemCount)), h('td', {}, candidate.score.toFixed(2))),
          ),
        ),
      ),
    ),
  );
}

/** Diagnostics in words: which scraper won and why, how many items, how long it took. */
export function renderDiagnostics(diagnostics: PreviewDiagnostics, itemCount: number): HTMLElement {
  const timings = diagnostics.timings ?? {};
  const time = `${seconds(timings.totalMs)}${timings.fetchMs === undefined ? '' : ` (loading the page ${seconds(timings.fetchMs)})`}`;
  return h(
    'section',
    { class: 'diagnostics', 'aria-labelledby': 'diagnostics-title' },
    h('h3', { id: 'diagnostics-title' }, 'How pagefeed read the page'),
    h(
      'dl',
      {},
      ...row('Found by', diagnostics.scraper ?? 'your selectors'),
      ...(diagnostics.reason ? row('Why', diagnostics.reason) : []),
      ...row('Items', String(diagnostics.itemCount ?? itemCount)),
      ...row('Time', time),
      ...row('Read with', diagnostics.strategy === 'renderer' ? 'the renderer (a real browser)' : 'a plain download'),
    ),
    candidatesTable(diagnostics),
  );
}

export function renderPreview(preview: PreviewResponse): HTMLElement {
  const count = preview.items.length;
  const title = preview.feed?.title;
  return h(
    'div',
    { class: 'preview' },
    h('h2', { id: 'result-title' }, title ? `Preview: ${title}` : 'Preview'),
    h('p', { class: 'summary' }, `${count} ${count === 1 ? 'item' : 'items'} — this is what your feed reader would show.`),
    renderDiagnostics(preview.diagnostics, count),
    h('h3', {}, 'Items'),
    renderItems(preview.items),
  );
}
