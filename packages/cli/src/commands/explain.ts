import type { AutoSourceDiagnostics, GenerateResult } from '@pagefeed/core';

/** Human-readable `--explain`: the winner and why, then each candidate with its feature scores. */
export function formatExplanation(result: GenerateResult): string {
  const auto = result.diagnostics.autoSource;
  const lines: string[] = [];
  const { timings, itemCounts } = result.diagnostics;
  lines.push(`fetched ${result.diagnostics.url} (${result.diagnostics.strategy}, ${result.diagnostics.contentType}) — ${itemCounts.total} items, ${Math.round(timings.totalMs)} ms`);
  if (!auto) return `${lines.join('\n')}\nno auto-source diagnostics (auto_source not used)\n`;
  return `${lines.join('\n')}\n${formatAutoDiagnostics(auto)}`;
}

/** The cascade's steps, native feeds and candidates; also shown when extraction failed. */
export function formatAutoDiagnostics(auto: AutoSourceDiagnostics): string {
  const lines: string[] = [];
  lines.push(`winner: ${auto.scraper ?? 'none'}${auto.reason ? ` — ${auto.reason}` : ''}`);
  for (const step of auto.steps) lines.push(`  step ${step.scraper}: ${step.found} found${step.note ? ` (${step.note})` : ''}`);
  if (auto.nativeFeeds.length > 0) {
    lines.push('the page advertises native feeds (subscribe to these directly if they fit):');
    for (const feed of auto.nativeFeeds) lines.push(`  ${feed.type} ${feed.url}${feed.title ? ` "${feed.title}"` : ''}`);
  }
  lines.push(`candidates (${auto.candidates.length}):`);
  auto.candidates.slice(0, 10).forEach((candidate, index) => {
    lines.push(`  ${index + 1}. score ${candidate.score.toFixed(2)}  ${candidate.scraper}  ${candidate.source}  (${candidate.itemCount} items)`);
    const features = candidate.features.map((feature) => `${feature.name}=${round(feature.value)} (${feature.weight >= 0 ? '+' : ''}${round(feature.weight)})`);
    if (features.length > 0) lines.push(`     ${features.join(', ')}`);
  });
  return `${lines.join('\n')}\n`;
}

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
