import type { Document } from 'domhandler';

/** A fetched page, parsed once and shared by selectors and auto-source. */
export type SourceDocument = HtmlSourceDocument | JsonSourceDocument;

export interface HtmlSourceDocument {
  readonly kind: 'html';
  /** Base URL for relative links (final URL, or `<base href>` when present). */
  readonly url: string;
  readonly html: string;
  readonly document: Document;
}

export interface JsonSourceDocument {
  readonly kind: 'json';
  readonly url: string;
  readonly text: string;
  readonly data: unknown;
}
