import { describe, expect, it } from 'vitest';
import { EXTRACTOR_NAMES } from '../config/schema-selectors.js';
import { compilePart } from './compile.js';
import { builtinExtractors } from './extractors.js';

describe('extractor names', () => {
  it('are the keys of builtinExtractors, in order (compile.ts checks configs against the list)', () => {
    expect([...EXTRACTOR_NAMES]).toEqual(Object.keys(builtinExtractors));
  });

  it('name every extractor in the error for an unknown one', () => {
    const thrown = (() => {
      try {
        compilePart('title', { selector: 'h2', extractor: 'inner_text' as never }, 'selectors.title');
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toMatchObject({
      code: 'ConfigurationInvalid',
      message: 'Unknown extractor "inner_text" at selectors.title.extractor',
      hint: 'use one of: text, html, href, attribute, static',
    });
  });
});
