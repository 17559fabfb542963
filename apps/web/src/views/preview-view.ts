import type { FeedWarning, PreviewDiagnostics, PreviewResponse } from '../api-types.js';
import { h } from '../dom.js';
import { plainReason, scoresDetails } from './choice-reason.js';
import { renderItems } from './items-view.js';
import type { LoadFullText } from './full-text-view.js';

function seconds(milliseconds: number | undefined): string {
  if (milliseconds === undefined) return 'unknown';
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}

function row(term: string, value: string | Node): HTMLElement[] {
  return [h('dt', {}, term), h('dd', {}, value)];
}

function stepsText(diagnostics: PreviewDiagnostics): string | undefined {
  const steps = diagnostics.autoSource?.steps ?? [];
  if (steps.length === 0) return undefined;
  return steps.map((step) => `${step.scraper}: ${step.found}${step.note ? ` (${step.note})` : ''}`).join(' · ');
}

function nativeFeedsNote(diagnostics: PreviewDiagnostics): HTMLElement | undefined {
  const feeds = diagnostics.autoSource?.nativeFeeds ?? [];
  if (feeds.length === 0) return undefined;
  return h(
    'p',
    { class: 'tip' },
    'This page already advertises its own feed, which you could subscribe to directly: ',
    ...feeds.slice(0, 3).flatMap((feed, index) => [index > 0 ? ', ' : '', h('a', { href: feed.url, rel: 'noopener noreferrer' }, feed.title ?? feed.url)]),
  );
}

/** Diagnostics in words: which scraper won and why (scores folded away), how many items, how long it took. */
export function renderDiagnostics(diagnostics: PreviewDiagnostics, itemCount: number): HTMLElement {
  const timings = diagnostics.timings ?? {};
  const time = `${seconds(timings.totalMs)}${timings.fetchMs === undefined ? '' : ` (loading the page ${seconds(timings.fetchMs)})`}`;
  const auto = diagnostics.autoSource;
  const steps = stepsText(diagnostics);
  const why = plainReason(diagnostics, diagnostics.itemCounts?.total ?? itemCount);
  return h(
    'section',
    { class: 'diagnostics', 'aria-labelledby': 'diagnostics-title' },
    h('h3', { id: 'diagnostics-title' }, 'How pagefeed read the page'),
    h(
      'dl',
      {},
      ...row('Found by', auto?.scraper ? `the ${auto.scraper} scraper` : 'the configured selectors'),
      ...(why ? row('Why', why) : []),
      ...row('Items', String(diagnostics.itemCounts?.total ?? itemCount)),
      ...row('Time', time),
      ...row('Read with', diagnostics.strategy === 'renderer' ? 'the renderer (a real browser)' : 'a plain download'),
      ...(steps ? row('Steps tried', steps) : []),
    ),
    nativeFeedsNote(diagnostics),
    scoresDetails(diagnostics),
  );
}

/** The engine's warnings, folded: nothing when there are none. */
export function warningsDetails(warnings: readonly FeedWarning[]): HTMLElement | undefined {
  if (warnings.length === 0) return undefined;
  return h('details', { class: 'warnings' }, h('summary', {}, `Warnings (${warnings.length})`), h('ul', {}, ...warnings.map((warning) => h('li', {}, warning.message))));
}

export function renderPreview(preview: PreviewResponse, loadFullText?: LoadFullText): HTMLElement {
  const count = preview.items.length;
  const warnings = preview.warnings ?? [];
  return h(
    'div',
    { class: 'preview' },
    h('h2', { id: 'result-title' }, 'Preview'),
    h('p', { class: 'summary' }, `${count} ${count === 1 ? 'item' : 'items'} — this is what your feed reader would show. Happy with it? Press “Create feed”.`),
    renderDiagnostics(preview.diagnostics, count),
    warningsDetails(warnings),
    h('h3', {}, 'Items'),
    renderItems(preview.items, loadFullText),
  );
}
