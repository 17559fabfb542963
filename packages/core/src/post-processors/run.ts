import type { FeedWarning } from '../engine/types.js';
import { builtinPostProcessors } from './builtin.js';
import { PostProcessorFailure, type PostProcessor, type PostProcessorContext, type PostProcessorValue } from './define.js';
import type { CompiledStep } from './registry.js';

export interface ChainResult {
  /** `undefined` when a step emptied or dropped the value. */
  readonly value: PostProcessorValue | undefined;
  readonly warning?: FeedWarning;
}

/**
 * Runs a compiled chain on one value. A failing step drops the value for this item with a
 * warning (code, message, step path, item index); it never throws, so one bad value never fails
 * the feed.
 */
export function runPostProcessors(
  steps: readonly CompiledStep[],
  value: PostProcessorValue,
  context: PostProcessorContext,
  item: number,
): ChainResult {
  let current: PostProcessorValue = value;
  for (const step of steps) {
    let next: PostProcessorValue | undefined;
    try {
      next = (builtinPostProcessors[step.name] as PostProcessor<unknown>).run(current, step.options, context);
    } catch (error) {
      const failure = error instanceof PostProcessorFailure ? error : undefined;
      const reason = failure?.message ?? (error instanceof Error ? error.message : String(error));
      return {
        value: undefined,
        warning: {
          code: failure?.code ?? 'PostProcessorFailed',
          message: `${step.name} at ${step.path} dropped the value of item ${item}: ${reason}`,
          path: step.path,
          item,
        },
      };
    }
    if (next === undefined) return { value: undefined };
    current = next;
  }
  return { value: current };
}
