import type * as v from 'valibot';

/** What flows through a chain: text, or a Date once `parse_time` has run. */
export type PostProcessorValue = string | Date;

/** What a post-processor may know about the item it works on. */
export interface PostProcessorContext {
  /** Base URL for relative links (the page URL or its `<base href>`). */
  readonly baseUrl: string;
  /** The channel's `time_zone`, used by `parse_time` without its own `time_zone`. */
  readonly timeZone?: string | undefined;
  /** The channel's language, a hint for ambiguous numeric dates. */
  readonly locale?: string | undefined;
  /** Reference time for relative dates (tests fix it). */
  readonly now?: Date | undefined;
  /**
   * The value of another part of the same item after its own post-processing (`undefined` when it
   * is empty on this item). Throws `PostProcessorFailure` when no such part is configured.
   */
  part(name: string): PostProcessorValue | undefined;
}

export interface PostProcessor<TOptions = unknown> {
  readonly name: string;
  /** Validates the step's options (every key of the step but `name`). */
  readonly options: v.GenericSchema<unknown, TOptions>;
  /**
   * Transforms one value. Returning `undefined` drops the value without a warning (nothing left);
   * throwing `PostProcessorFailure` drops it with a warning.
   */
  run(value: PostProcessorValue, options: TOptions, context: PostProcessorContext): PostProcessorValue | undefined;
}

export function definePostProcessor<TOptions>(definition: PostProcessor<TOptions>): PostProcessor<TOptions> {
  return definition;
}

/** A value a post-processor cannot handle; becomes a `FeedWarning` for that item, never a failed feed. */
export class PostProcessorFailure extends Error {
  override readonly name = 'PostProcessorFailure';
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export function valueToText(value: PostProcessorValue): string {
  return value instanceof Date ? value.toISOString() : value;
}
