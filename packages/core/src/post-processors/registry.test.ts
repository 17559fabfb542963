import { describe, expect, it } from 'vitest';
import { POST_PROCESSOR_NAMES } from '../contracts/config.js';
import { FeedError } from '../contracts/errors.js';
import { builtinPostProcessors } from './builtin.js';
import { postProcessorOptions } from './options.js';
import { compilePostProcessors } from './registry.js';
import { runStep } from './__fixtures__/run-step.js';

describe('post-processor registry', () => {
  it('registers every name of the contract under its own name', () => {
    expect(Object.keys(builtinPostProcessors).sort()).toEqual([...POST_PROCESSOR_NAMES].sort());
    for (const [key, processor] of Object.entries(builtinPostProcessors)) expect(processor.name).toBe(key);
  });

  it('checks options with the same schemas the implementations declare, in the same order', () => {
    expect(Object.keys(postProcessorOptions)).toEqual(Object.keys(builtinPostProcessors));
    for (const [key, processor] of Object.entries(builtinPostProcessors)) {
      expect(processor.options).toBe(postProcessorOptions[key as keyof typeof postProcessorOptions]);
    }
  });

  it('fails an unknown name with the known names and the path', () => {
    const compile = () => compilePostProcessors([{ name: 'uppercase', options: {} }], 'feeds.news.selectors.title');
    expect(compile).toThrow(FeedError);
    expect(compile).toThrow(/Unknown post-processor "uppercase" at feeds\.news\.selectors\.title\.post_process\[0\]\.name; known post-processors: parse_time, parse_uri, template/);
  });

  it('compiles a chain keeping step order and paths', () => {
    const steps = compilePostProcessors(
      [{ name: 'gsub', options: { pattern: 'a', replacement: 'b' } }, { name: 'substring', options: { start: 1 } }],
      'selectors.title',
    );
    expect(steps.map((step) => [step.name, step.path])).toEqual([
      ['gsub', 'selectors.title.post_process[0]'],
      ['substring', 'selectors.title.post_process[1]'],
    ]);
  });

  // Contract: every processor handles odd input by returning a value, undefined, or a warning.
  it.each(Object.keys(builtinPostProcessors))('%s never throws at run time', (name) => {
    const options: Record<string, Record<string, unknown>> = {
      template: { string: '%{self}' },
      gsub: { pattern: 'x' },
      substring: { start: 0 },
    };
    for (const input of ['', '   ', '<<<>>>', '\u0000', 'x'.repeat(10_000), new Date(0)]) {
      expect(() => runStep(name, options[name] ?? {}, input)).not.toThrow();
    }
  });
});
