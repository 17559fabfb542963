import type { FeedWarning } from '../../engine/types.js';
import type { PostProcessorValue } from '../define.js';
import { compilePostProcessors } from '../registry.js';
import { runPostProcessors } from '../run.js';

export interface StepRun {
  readonly value: PostProcessorValue | undefined;
  readonly warning: FeedWarning | undefined;
}

/** Compiles one step at `selectors.title` and runs it on `value` as item 0. */
export function runStep(
  name: string,
  options: Record<string, unknown>,
  value: PostProcessorValue,
  parts: Record<string, PostProcessorValue | undefined> = {},
  context: { timeZone?: string; now?: Date; baseUrl?: string } = {},
): StepRun {
  const steps = compilePostProcessors([{ name, options }], 'selectors.title');
  const result = runPostProcessors(
    steps,
    value,
    {
      baseUrl: context.baseUrl ?? 'https://example.com/news/',
      timeZone: context.timeZone,
      now: context.now ?? new Date('2024-06-15T12:00:00Z'),
      part(partName) {
        if (!Object.hasOwn(parts, partName)) throw new Error(`no part ${partName}`);
        return parts[partName];
      },
    },
    0,
  );
  return { value: result.value, warning: result.warning };
}

/** The error message `compilePostProcessors` throws for these options, or undefined. */
export function optionsErrorOf(name: string, options: Record<string, unknown>): { message: string; path: string | undefined } | undefined {
  try {
    compilePostProcessors([{ name: 'gsub', options: { pattern: 'x' } }, { name, options }], 'selectors.title');
    return undefined;
  } catch (error) {
    const feedError = error as { message: string; path?: string };
    return { message: feedError.message, path: feedError.path };
  }
}
