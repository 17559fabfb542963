import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PYTHON_PATH } from './system.js';

/** `../shared/tools/check-feed.py`: feeds through Python feedparser, as real readers parse them. */
export const CHECK_FEED_SCRIPT = fileURLToPath(new URL('../../shared/tools/check-feed.py', import.meta.url));

export interface CheckFeedResult {
  readonly ok: boolean;
  /** One line per document: format, item count, problems. */
  readonly output: string;
}

export function checkFeed(document: string): CheckFeedResult {
  const result = spawnSync(PYTHON_PATH, [CHECK_FEED_SCRIPT, '-'], { input: document, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}
