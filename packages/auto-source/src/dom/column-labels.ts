import type { Element } from 'domhandler';
import { attribute, isElement } from '../util/dom.js';
import { textOf } from '../util/text.js';

/**
 * The label of a table cell's column, as a reader takes it from the header above: the first row
 * of the table's `<thead>`, else the first of its first three rows that is all `<th>` or three or
 * more short cells without digits, passing over rows of one cell above it (old forum software
 * draws a navigation row and the forum's name over "Topic | Author | Last updated | Replies").
 * Read once per table.
 */
export function columnLabel(cell: Element): string | undefined {
  const row = cell.parent && isElement(cell.parent) && cell.parent.name === 'tr' ? cell.parent : undefined;
  const table = row ? tableOf(row) : undefined;
  if (!row || !table) return undefined;
  let labels = tableLabels.get(table);
  if (labels === undefined) {
    labels = headerLabels(table);
    tableLabels.set(table, labels);
  }
  if (labels.length === 0) return undefined;
  let index = 0;
  for (const sibling of row.children) {
    if (sibling === cell) break;
    if (isElement(sibling) && (sibling.name === 'td' || sibling.name === 'th')) index += Number.parseInt(attribute(sibling, 'colspan') ?? '1', 10) || 1;
  }
  return labels[index];
}

/** Per table: the label of each column ('' where a header cell is long or empty), by column index. */
const tableLabels = new WeakMap<Element, readonly string[]>();

function tableOf(row: Element): Element | undefined {
  let node = row.parent;
  for (let level = 0; node && isElement(node) && level < 2; level += 1, node = node.parent) if (node.name === 'table') return node;
  return undefined;
}

function headerLabels(table: Element): string[] {
  const header = headerRow(table);
  if (!header) return [];
  const labels: string[] = [];
  for (const cell of cellsOf(header)) {
    const text = textOf(cell, 61);
    const label = text.length <= 60 ? `${text} ${attribute(cell, 'aria-label') ?? ''}`.trim() : '';
    const span = Number.parseInt(attribute(cell, 'colspan') ?? '1', 10) || 1;
    for (let i = 0; i < Math.min(span, 20); i += 1) labels.push(label);
  }
  return labels;
}

function cellsOf(row: Element): Element[] {
  return row.children.filter((cell): cell is Element => isElement(cell) && (cell.name === 'th' || cell.name === 'td'));
}

function headerRow(table: Element): Element | undefined {
  const rows: Element[] = [];
  for (const part of table.children) {
    if (!isElement(part)) continue;
    if (part.name === 'thead') return part.children.find((row): row is Element => isElement(row) && row.name === 'tr');
    if (part.name === 'tr') rows.push(part);
    else if (part.name === 'tbody') for (const row of part.children) if (isElement(row) && row.name === 'tr') rows.push(row);
    if (rows.length >= 3) break;
  }
  for (const row of rows.slice(0, 3)) {
    const cells = cellsOf(row);
    if (cells.length > 1 && cells.every((cell) => cell.name === 'th')) return row;
    if (labelRow(row)) return row;
    // A title or navigation row of one cell above the labels is passed over; any other row is data.
    if (cells.length !== 1) return undefined;
  }
  return undefined;
}

/** A row of three or more short cells without digits: column labels. */
function labelRow(row: Element): boolean {
  const cells = cellsOf(row);
  return cells.length >= 3 && cells.every((cell) => {
    const text = textOf(cell, 41);
    return text.length <= 40 && !/\d/.test(text);
  });
}
