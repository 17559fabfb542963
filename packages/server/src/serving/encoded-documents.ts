import type { FeedFormat } from '@pagefeed/core';
import { compress, MIN_COMPRESSIBLE_BYTES, type ContentEncoding } from './content-encoding.js';
import { withOrigin } from './self-links.js';

/**
 * A generation's answer bytes made where the feed is rendered (the extraction worker), so the main
 * thread does not encode and compress the first answer of a cold feed: the request's origin and
 * negotiated encoding go with the task, the bytes come back as transferred buffers and the feed
 * route takes them for that entry (`routes/feed-read.ts`, `prepare`). Any other answer of the entry
 * (another origin, encoding or format) is made on the main thread as before.
 */
export interface AnswerEncoding {
  /** The origin the answer's self links are written with. */
  readonly origin: string;
  /** The negotiated content encoding; undefined: none. */
  readonly encoding: ContentEncoding | undefined;
}

export interface EncodedDocument extends AnswerEncoding {
  readonly format: FeedFormat;
  /** UTF-8 of the document with `origin` in its self links. */
  readonly plain: Uint8Array<ArrayBuffer>;
  /** `plain` compressed with `encoding`; null when too small to compress or no encoding. */
  readonly compressed: Uint8Array<ArrayBuffer> | null;
}

const UTF8 = new TextEncoder();

/** What the feed route would make of `text` for this origin and encoding (`bytesOf`, `compressedOf`). */
export function encodeDocument(text: string, format: FeedFormat, answer: AnswerEncoding): EncodedDocument {
  const plain = owned(UTF8.encode(withOrigin(text, format, answer.origin)));
  const compressed = answer.encoding === undefined || plain.byteLength < MIN_COMPRESSIBLE_BYTES ? null : owned(compress(plain, answer.encoding));
  return { ...answer, format, plain, compressed };
}

/** The buffers to transfer with `documents` (each owns its memory: `owned`). */
export function encodedTransferList(documents: readonly EncodedDocument[]): ArrayBuffer[] {
  return documents.flatMap((document) => (document.compressed ? [document.plain.buffer, document.compressed.buffer] : [document.plain.buffer]));
}

/** A view that alone owns its ArrayBuffer (zlib's output can be a slice of its working buffer): copied when not. */
function owned(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

const made = new WeakMap<object, readonly EncodedDocument[]>();

/** Keeps a generation's encoded documents with its cache entry, for the answer that follows. */
export function rememberEncoded(entry: object, documents: readonly EncodedDocument[] | undefined): void {
  if (documents && documents.length > 0) made.set(entry, documents);
}

/** The entry's encoded documents, once (later answers use the route's own per-entry store). */
export function takeEncoded(entry: object): readonly EncodedDocument[] | undefined {
  const documents = made.get(entry);
  made.delete(entry);
  return documents;
}
