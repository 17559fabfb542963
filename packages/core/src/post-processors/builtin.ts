import type { PostProcessorName } from '../contracts/config.js';
import type { PostProcessor } from './define.js';
import { gsubProcessor } from './gsub.js';
import { htmlToMarkdownProcessor } from './html-to-markdown.js';
import { markdownToHtmlProcessor } from './markdown-to-html.js';
import { parseTimeProcessor } from './parse-time.js';
import { parseUriProcessor } from './parse-uri.js';
import { sanitizeHtmlProcessor } from './sanitize-html.js';
import { substringProcessor } from './substring.js';
import { templateProcessor } from './template.js';

// Options types differ per processor; the map only promises each entry is a post-processor.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyPostProcessor = PostProcessor<any>;

/**
 * The built-in post-processors by registry key: what runs them (`run.ts`) imports this map, what
 * only checks their options (`registry.ts`) imports `options.ts`.
 */
export const builtinPostProcessors = {
  parse_time: parseTimeProcessor,
  parse_uri: parseUriProcessor,
  template: templateProcessor,
  gsub: gsubProcessor,
  substring: substringProcessor,
  sanitize_html: sanitizeHtmlProcessor,
  html_to_markdown: htmlToMarkdownProcessor,
  markdown_to_html: markdownToHtmlProcessor,
} satisfies Record<PostProcessorName, AnyPostProcessor>;
