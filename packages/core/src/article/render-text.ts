import { isTag, isText, type AnyNode } from 'domhandler';
import { BLOCK_TAGS } from './patterns.js';

/**
 * Readable plain text of the article: paragraphs and other blocks separated by a blank line, `<br>`
 * as a line break, runs of white space inside a block as one space.
 */
export function articleText(nodes: readonly AnyNode[]): string {
  const parts: string[] = [];
  let line = '';
  const flush = (separator: string): void => {
    const text = line.replace(/[ \t\r\f\v\u00a0]+/g, ' ').replace(/ *\n */g, '\n').trim();
    if (text !== '') parts.push(text, separator);
    else if (separator === '\n' && parts.length > 0 && parts[parts.length - 1] !== '\n\n') parts[parts.length - 1] = '\n';
    line = '';
  };
  const visit = (node: AnyNode): void => {
    if (isText(node)) {
      line += node.data.replace(/\s+/g, ' ');
      return;
    }
    if (!isTag(node)) return;
    if (node.name === 'br') {
      line += '\n';
      return;
    }
    const block = BLOCK_TAGS.has(node.name);
    if (block) flush('\n\n');
    for (const child of node.children) visit(child);
    if (block) flush('\n\n');
    else if (node.name === 'td' || node.name === 'th') line += ' ';
  };
  for (const node of nodes) visit(node);
  flush('\n\n');
  return parts.join('').trim();
}
