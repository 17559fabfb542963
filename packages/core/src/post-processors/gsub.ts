import { definePostProcessor, valueToText } from './define.js';
import { toRegExp } from './gsub-pattern.js';
import { postProcessorOptions } from './options.js';

export { toRegExp } from './gsub-pattern.js';

/**
 * `gsub`: replaces every match of `pattern` with `replacement`. Groups are `$1` (JavaScript) or
 * `\1` (Ruby, as in html2rss configs).
 */
export const gsubProcessor = definePostProcessor({
  name: 'gsub',
  options: postProcessorOptions.gsub,
  run(value, options) {
    const replacement = options.replacement.replace(/\\(\d)/g, '$$$1');
    const result = valueToText(value).replace(toRegExp(options.pattern), replacement);
    return result === '' ? undefined : result;
  },
});
