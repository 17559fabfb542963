import { sanitizeItemHtml } from '../items/sanitize.js';
import { definePostProcessor, valueToText } from './define.js';
import { postProcessorOptions } from './options.js';

/** `sanitize_html`: the item HTML policy (no scripts or handlers, absolute http(s) URLs). */
export const sanitizeHtmlProcessor = definePostProcessor({
  name: 'sanitize_html',
  options: postProcessorOptions.sanitize_html,
  run(value, _options, context) {
    const result = sanitizeItemHtml(valueToText(value), context.baseUrl);
    return result.trim() === '' ? undefined : result;
  },
});
