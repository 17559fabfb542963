import * as v from 'valibot';
import type { PostProcessorName, PostProcessorStep } from '../contracts/config.js';
import { FeedError } from '../contracts/errors.js';
import type { PostProcessor } from './define.js';
import { gsubProcessor } from './gsub.js';
import { htmlToMarkdownProcessor } from './html-to-markdown.js';
import { markdownToHtmlProcessor } from './markdown-to-html.js';
import { parseTimeProcessor } from './parse-time.js';
import { parseUriProcessor } from './parse-uri.js';
import { sanitizeHtmlProcessor } from './sanitize-html.js';
import { substringProcessor } from './substring.js';
import { templateProcessor } from './template.js';

// Options types differ per processor; the map only promises each entry is a post-processor.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyPostProcessor = PostProcessor<any>;

/** The built-in post-processors by registry key. */
export const builtinPostProcessors = {
  parse_time: parseTimeProcessor,
  parse_uri: parseUriProcessor,
  template: templateProcessor,
  gsub: gsubProcessor,
  substring: substringProcessor,
  sanitize_html: sanitizeHtmlProcessor,
  html_to_markdown: htmlToMarkdownProcessor,
  markdown_to_html: markdownToHtmlProcessor,
} satisfies Record<PostProcessorName, AnyPostProcessor>;

function isKnownName(name: string): name is PostProcessorName {
  return Object.hasOwn(builtinPostProcessors, name);
}

/** A step with validated options, ready to run. */
export interface CompiledStep {
  readonly name: PostProcessorName;
  /** Configuration path of the step, e.g. `selectors.title.post_process[0]`. */
  readonly path: string;
  readonly processor: PostProcessor<unknown>;
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
      const known = Object.keys(builtinPostProcessors).join(', ');
      throw new FeedError('ConfigurationInvalid', `Unknown post-processor "${step.name}" at ${stepPath}.name; known post-processors: ${known}`, {
        path: `${stepPath}.name`,
        hint: `use one of: ${known}`,
      });
    }
    const processor = builtinPostProcessors[step.name] as PostProcessor<unknown>;
    const result = v.safeParse(processor.options, step.options);
    if (!result.success) throw optionsError(step.name, stepPath, result.issues);
    return { name: step.name, path: stepPath, processor, options: result.output };
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
