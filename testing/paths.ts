import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/**
 * `shared/` sits beside the checkout (on developer machines and in CI alike); PAGEFEED_SHARED
 * points elsewhere when it does not.
 */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SHARED_DIR = process.env['PAGEFEED_SHARED'] ?? resolve(REPO_ROOT, '..', 'shared');
export const CORPUS_DIR = process.env['PAGEFEED_CORPUS'] ?? resolve(SHARED_DIR, 'corpus');
export const HTML2RSS_CONFIGS_DIR = resolve(SHARED_DIR, 'html2rss-configs');


/** False only off CI (where a missing `shared/` already failed above): tests that read it skip. */
export const SHARED_AVAILABLE = existsSync(CORPUS_DIR) && existsSync(HTML2RSS_CONFIGS_DIR);

if (!SHARED_AVAILABLE) {
  const message = `pagefeed tests: shared material not found at ${SHARED_DIR} (corpus, html2rss-configs); set PAGEFEED_SHARED`;
  if (process.env['CI']) throw new Error(message);
  process.stderr.write(`\n*** ${message}: tests that read it are SKIPPED.\n\n`);
}
