import * as v from 'valibot';
import { sanitizeItemHtml } from '../items/sanitize.js';
import { definePostProcessor, valueToText } from './define.js';

/** `sanitize_html`: the item HTML policy (no scripts or handlers, absolute http(s) URLs). */
export const sanitizeHtmlProcessor = definePostProcessor({
  name: 'sanitize_html',
  options: v.strictObject({}),
  run(value, _options, context) {
    const result = sanitizeItemHtml(valueToText(value), context.baseUrl);
    return result.trim() === '' ? undefined : result;
  },
});
