import { createRequire } from 'node:module';
import type TurndownService from 'turndown';
import { definePostProcessor, valueToText } from './define.js';
import { postProcessorOptions } from './options.js';

// turndown pulls in a DOM implementation; load it on first use so importing core stays light.
const require = createRequire(import.meta.url);
let service: TurndownService | undefined;

function turndown(): TurndownService {
  if (!service) {
    const Turndown = require('turndown') as typeof TurndownService;
    service = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
    service.remove(['script', 'style', 'noscript']);
  }
  return service;
}

/** `html_to_markdown`: HTML → Markdown (ATX headings, fenced code, `-` bullets). */
export const htmlToMarkdownProcessor = definePostProcessor({
  name: 'html_to_markdown',
  options: postProcessorOptions.html_to_markdown,
  run(value) {
    const result = turndown().turndown(valueToText(value)).trim();
    return result === '' ? undefined : result;
  },
});
