import { definePostProcessor, valueToText } from './define.js';
import { postProcessorOptions } from './options.js';

/**
 * `substring` with html2rss (Ruby `value[start..end]`) semantics, so migrated configs keep their
 * meaning: `end` is inclusive, negative indexes count from the end (`start: -10` keeps the last ten
 * characters, `end: -5` drops the last four). Counts Unicode code points.
 */
export const substringProcessor = definePostProcessor({
  name: 'substring',
  options: postProcessorOptions.substring,
  run(value, options) {
    const characters = Array.from(valueToText(value));
    const length = characters.length;
    const start = options.start < 0 ? length + options.start : options.start;
    const end = options.end === undefined ? length - 1 : options.end < 0 ? length + options.end : options.end;
    if (start < 0 || start > length || end < start) return undefined;
    const result = characters.slice(start, end + 1).join('');
    return result === '' ? undefined : result;
  },
});
