import { definePostProcessor, valueToText } from './define.js';
import { postProcessorOptions } from './options.js';

const PLACEHOLDER = /%\{([\w-]+)\}|%<([\w-]+)>s/g;

/**
 * `template` (html2rss style): `string: "%{self} by %{author}"`. `%{self}` is the value so far;
 * `%{name}` the value of the part `name` of the same item (empty when that part is empty there).
 * Ruby's `%<name>s` form is accepted too, so html2rss configs keep working.
 */
export const templateProcessor = definePostProcessor({
  name: 'template',
  options: postProcessorOptions.template,
  run(value, options, context) {
    const result = options.string.replace(PLACEHOLDER, (_match, braced: string | undefined, angled: string | undefined) => {
      const name = braced ?? angled ?? '';
      if (name === 'self') return valueToText(value);
      const part = context.part(name);
      return part === undefined ? '' : valueToText(part);
    });
    return result.trim() === '' ? undefined : result;
  },
});
