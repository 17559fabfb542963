import { definePostProcessor, PostProcessorFailure, valueToText } from './define.js';
import { postProcessorOptions } from './options.js';
import { shorten } from './parse-time.js';

/** `parse_uri`: an absolute http(s) URL, resolved against the page's base URL. */
export const parseUriProcessor = definePostProcessor({
  name: 'parse_uri',
  options: postProcessorOptions.parse_uri,
  run(value, _options, context) {
    const text = valueToText(value).trim();
    if (text === '') return undefined;
    let url: URL;
    try {
      url = new URL(text, context.baseUrl);
    } catch {
      throw new PostProcessorFailure('UrlInvalid', `${JSON.stringify(shorten(text))} is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new PostProcessorFailure('UrlInvalid', `${JSON.stringify(shorten(text))} is not an http(s) URL`);
    }
    return url.href;
  },
});
