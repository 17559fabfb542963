import { readFileSync, readdirSync } from 'node:fs';
import { FeedError, parseHtmlSource } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from './create-auto-source.js';
import { context } from './test-support/helpers.js';
import { CORPUS_DIR, SHARED_AVAILABLE } from '../../../testing/paths.js';

/** The shared extraction corpus: every challenge page is blocked, every app shell an app shell. */
const CORPUS = CORPUS_DIR;
const available = SHARED_AVAILABLE;
const records = available
  ? readdirSync(`${CORPUS}/truth`)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(`${CORPUS}/truth/${name}`, 'utf8')) as { file: string; url: string; kind: string; expect_error?: string; accept_items?: boolean })
      .filter((record) => record.kind === 'challenge' || record.kind === 'appshell')
  : [];

describe.skipIf(!available)('corpus failure classes', () => {
  const autoSource = createAutoSource();
  it.each(records.map((record) => [record.file, record] as const))('%s', async (_file, record) => {
    const document = parseHtmlSource(readFileSync(`${CORPUS}/pages/${record.file}`, 'utf8'), record.url);
    let failureClass: string | undefined;
    try {
      await autoSource.extract(document, context());
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      failureClass = error.class;
    }
    expect(failureClass).toBe(record.kind === 'challenge' ? 'blocked_surface' : 'app_shell');
  });
});
