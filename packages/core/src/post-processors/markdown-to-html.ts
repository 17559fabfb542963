import { marked } from 'marked';
import { definePostProcessor, valueToText } from './define.js';
import { postProcessorOptions } from './options.js';

/**
 * `markdown_to_html`: Markdown → HTML (GitHub-flavoured). The output is not sanitised here; item
 * HTML is sanitised when items are normalised, or add `sanitize_html` after this step.
 */
export const markdownToHtmlProcessor = definePostProcessor({
  name: 'markdown_to_html',
  options: postProcessorOptions.markdown_to_html,
  run(value) {
    const result = marked.parse(valueToText(value), { async: false, gfm: true }).trim();
    return result === '' ? undefined : result;
  },
});
