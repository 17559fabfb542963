import { formatRatio } from './stats.mjs';

/** `pass`, `FAIL`, `report` (no goal) or `n/a`, from a row's ratio and its goal. */
export function verdict(row) {
  if (!Number.isFinite(row.ratio)) return 'n/a';
  if (row.goal.max !== undefined) return row.ratio <= row.goal.max ? 'pass' : 'FAIL';
  if (row.goal.min !== undefined) return row.ratio >= row.goal.min ? 'pass' : 'FAIL';
  return 'report';
}

function goalText(goal) {
  if (goal.max !== undefined) return `≤ ${goal.max}×`;
  if (goal.min !== undefined) return `≥ ${goal.min}×`;
  return '—';
}

/** One Markdown table (readable in a terminal, pasteable into RESULTS.md), notes below it. */
export function printTable(rows) {
  const header = ['#', 'benchmark', 'measured', 'floor', 'ratio', 'goal', 'result'];
  const lines = rows.map((row) => [row.id, row.name, row.measured, row.floor, formatRatio(row.ratio), goalText(row.goal), verdict(row)]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => String(line[column]).length)));
  const format = (cells) => `| ${cells.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  const notes = rows.filter((row) => row.note);
  if (notes.length > 0) console.log('');
  for (const row of notes) console.log(`${row.id}: ${row.note}`);
}
