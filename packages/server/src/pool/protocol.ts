import { FeedError, type CacheSetOptions, type FirstSeenRecordShape, type FeedConfig, type FeedFormat, type FetchRequest, type FetchResult, type GenerateResult } from '@pagefeed/core';
import type { UnfinishedResponse } from '@pagefeed/fetchers/unfinished';
import type { HashedModel } from '../serving/feed-model.js';
import type { SlimResult } from './slim-result.js';
import type { AnswerEncoding, EncodedDocument } from '../serving/encoded-documents.js';

/**
 * Messages between the extraction pool (main thread) and its workers. Everything crosses as
 * structured clones, except fetched bodies (their buffers are transferred); errors cross as plain
 * records and are rebuilt on the other side.
 */

/** A format to render as part of a generation, with that format's self link. */
export interface RenderRequest {
  readonly format: FeedFormat;
  readonly selfUrl?: string | undefined;
  /** Also the answer's bytes for this origin and encoding (`encodeDocument`), as transferred buffers. */
  readonly answer?: AnswerEncoding | undefined;
}

/**
 * A fetch's outcome as it crosses to a worker: a finished result, or the response's bytes for the
 * worker to decode and check (`finishFetch`; the body's buffer is transferred, not copied), or the
 * error.
 */
export interface FetchReply {
  readonly result?: FetchResult;
  readonly unfinished?: UnfinishedResponse;
  readonly error?: SerializedError;
}

/** The page the main thread fetched before handing the task over (or why it could not). */
export interface Prefetched extends FetchReply {
  readonly url: string;
  readonly strategy: string;
}

export interface TaskMessage {
  readonly type: 'task';
  readonly id: number;
  /** The feed's config; left out when the worker was sent it with an earlier task (`config-ids.ts`). */
  readonly config?: FeedConfig | undefined;
  /** The config's number for this pool: the worker keeps configs sent whole under it. */
  readonly configId?: number | undefined;
  /** The worker forgets the configs it kept before this task's (the pool's bound was reached). */
  readonly resetConfigs?: boolean | undefined;
  readonly parameters?: Readonly<Record<string, string>> | undefined;
  readonly selfUrl?: string | undefined;
  readonly render: readonly RenderRequest[];
  /** Also make the feed's cache model and content hash (`hashedModelOf`) in the worker. */
  readonly model?: boolean | undefined;
  readonly prefetched?: Prefetched | undefined;
  /** The page given by the caller (`GenerateOptions.source`): nothing is fetched for it. */
  readonly source?: FetchResult | undefined;
  /** The feed's first-seen record, read before the build (`first-seen-hints.ts`). */
  readonly firstSeen?: FirstSeenHint | undefined;
}

/** A feed's first-seen record as stored before a build (undefined: none yet), under the store's key. */
export interface FirstSeenHint {
  readonly feedKey: string;
  readonly record: FirstSeenRecordShape | undefined;
}

/** What a worker merged into a hint: the pool records the same with the store after the answer. */
export interface FirstSeenRecorded {
  readonly feedKey: string;
  readonly guids: readonly string[];
  readonly now: number;
}

export interface FetchedMessage extends FetchReply {
  readonly type: 'fetched';
  readonly fetchId: number;
}

/**
 * State a worker reads and writes on the main thread, where it is shared by every worker (and, with
 * Redis, every instance): the feed's first-seen times (Atom dates of undated items) and the cache
 * that full-text articles are kept in.
 */
export type StateCall =
  | { readonly op: 'firstSeen.remember'; readonly feedKey: string; readonly guids: readonly string[]; readonly now: number }
  | { readonly op: 'cache.get'; readonly key: string }
  | { readonly op: 'cache.set'; readonly key: string; readonly value: unknown; readonly options?: CacheSetOptions | undefined }
  | { readonly op: 'cache.delete'; readonly key: string };

export interface CallMessage {
  readonly type: 'call';
  readonly taskId: number;
  readonly callId: number;
  readonly call: StateCall;
}

export interface AnsweredMessage {
  readonly type: 'answered';
  readonly callId: number;
  readonly value?: unknown;
  readonly error?: SerializedError;
}

export type ToWorker = TaskMessage | FetchedMessage | AnsweredMessage;

export interface FetchMessage {
  readonly type: 'fetch';
  readonly taskId: number;
  readonly fetchId: number;
  readonly strategy: string;
  readonly request: Omit<FetchRequest, 'signal'>;
}

export interface DoneMessage {
  readonly type: 'done';
  readonly id: number;
  /** Without the feed when `model` is there (`slim-result.ts`). */
  readonly result: GenerateResult | SlimResult;
  readonly documents: Partial<Record<FeedFormat, string>>;
  readonly model?: HashedModel;
  readonly encoded?: readonly EncodedDocument[];
  /** The GUIDs and time merged into the task's first-seen hint, for the pool to record. */
  readonly firstSeen?: FirstSeenRecorded | undefined;
  /** The worker thread's CPU time (ms) as the task ended, for its priority (`worker-priority.ts`). */
  readonly cpuMs?: number | undefined;
}

export interface FailedMessage {
  readonly type: 'failed';
  readonly id: number;
  readonly error: SerializedError;
  /** Not a FeedError: the worker's state is suspect, so the pool replaces it. */
  readonly unexpected: boolean;
  readonly cpuMs?: number | undefined;
}

/** The worker has started; `threadId` is its Linux thread id (for its priority), when known. */
export interface ReadyMessage {
  readonly type: 'ready';
  readonly threadId?: number | undefined;
  readonly cpuMs?: number | undefined;
}

export type FromWorker = FetchMessage | CallMessage | DoneMessage | FailedMessage | ReadyMessage;

export interface SerializedError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly path?: string;
  readonly hint?: string;
  readonly class?: string;
  readonly details?: unknown;
  readonly diagnostics?: unknown;
  readonly stack?: string;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = error as Error & Partial<Record<'code' | 'path' | 'hint' | 'class', string>> & { details?: unknown; diagnostics?: unknown };
  const record: SerializedError = {
    name: error.name,
    message: error.message,
    ...(fields.code === undefined ? {} : { code: fields.code }),
    ...(fields.path === undefined ? {} : { path: fields.path }),
    ...(fields.hint === undefined ? {} : { hint: fields.hint }),
    ...(fields.class === undefined ? {} : { class: fields.class }),
    ...(fields.details === undefined ? {} : { details: fields.details }),
    ...(fields.diagnostics === undefined ? {} : { diagnostics: fields.diagnostics }),
    ...(error.stack === undefined ? {} : { stack: error.stack }),
  };
  try {
    structuredClone(record);
    return record;
  } catch {
    // Details that cannot cross threads are dropped; code, message and hint always do.
    const { details: _details, diagnostics: _diagnostics, ...rest } = record;
    return rest;
  }
}

/** A FeedError again when it was one (same code, message, hint, path, class); else an Error. */
export function deserializeError(record: SerializedError): Error {
  if (record.name === 'FeedError' && record.code) {
    const error = new FeedError(record.code as FeedError['code'], record.message, {
      ...(record.path === undefined ? {} : { path: record.path }),
      ...(record.hint === undefined ? {} : { hint: record.hint }),
      ...(record.class === undefined ? {} : { class: record.class as NonNullable<FeedError['class']> }),
      ...(record.details === undefined ? {} : { details: record.details as Record<string, unknown> }),
    });
    if (record.diagnostics !== undefined) Object.assign(error, { diagnostics: record.diagnostics });
    return error;
  }
  const error = new Error(record.message);
  error.name = record.name;
  if (record.stack) error.stack = record.stack;
  return error;
}
