import * as v from 'valibot';
import type { PostProcessorName, PostProcessorStep } from '../contracts/config.js';
import { FeedError } from '../contracts/errors.js';
import { postProcessorOptions } from './options.js';

function isKnownName(name: string): name is PostProcessorName {
  return Object.hasOwn(postProcessorOptions, name);
}

/**
 * A step with validated options, ready to run. It names its post-processor rather than holding
 * it: `runPostProcessors` takes the implementation from `builtinPostProcessors`, so checking a
 * config loads no implementation (see `options.ts`).
 */
export interface CompiledStep {
  readonly name: PostProcessorName;
  /** Configuration path of the step, e.g. `selectors.title.post_process[0]`. */
  readonly path: string;
  readonly options: unknown;
}

/**
 * Resolves and validates a `post_process` list up front, so a bad option fails configuration
 * loading (with the exact path) rather than every item at run time.
 * `path` is the part's path, e.g. `selectors.title`.
 */
export function compilePostProcessors(steps: readonly PostProcessorStep[] | undefined, path: string): CompiledStep[] {
  return (steps ?? []).map((step, index) => {
    const stepPath = `${path}.post_process[${index}]`;
    if (!isKnownName(step.name)) {
      const known = Object.keys(postProcessorOptions).join(', ');
      throw new FeedError('ConfigurationInvalid', `Unknown post-processor "${step.name}" at ${stepPath}.name; known post-processors: ${known}`, {
        path: `${stepPath}.name`,
        hint: `use one of: ${known}`,
      });
    }
    const result = v.safeParse(postProcessorOptions[step.name], step.options);
    if (!result.success) throw optionsError(step.name, stepPath, result.issues);
    return { name: step.name, path: stepPath, options: result.output };
  });
}

function optionsError(name: string, stepPath: string, issues: readonly v.BaseIssue<unknown>[]): FeedError {
  const issue = issues[0];
  const keys = issue?.path?.map((item) => String(item.key)) ?? [];
  const unknownKey = issue?.kind === 'schema' && issue.type === 'strict_object' && keys.length > 0;
  const path = keys.length > 0 ? `${stepPath}.${keys.join('.')}` : stepPath;
  const detail = unknownKey ? `unknown option "${keys.join('.')}"` : (issue?.message ?? 'invalid options');
  return new FeedError('ConfigurationInvalid', `Invalid option for post-processor "${name}" at ${path}: ${detail}`, {
    path,
    hint: 'see docs/post-processors.md for the options of each post-processor',
    details: { issues: issues.map((item) => item.message) },
  });
}
