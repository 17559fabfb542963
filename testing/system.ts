import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Real local components the integration tests start themselves. In CI a missing component fails
 * the test file; locally it is skipped with a loud message that says how to install it.
 */
export interface Component {
  readonly name: string;
  readonly available: boolean;
  /** Path of the executable or interpreter. */
  readonly path: string;
}

const INSTALL = 'apt-get update && apt-get install -y chromium redis-server python3-feedparser newsboat';

function probe(name: string, path: string, check: () => boolean): Component {
  let available = false;
  try {
    available = check();
  } catch {
    available = false;
  }
  if (!available) {
    const message = `\n*** pagefeed tests: ${name} is missing (${path}). Install it with: ${INSTALL}\n`;
    if (process.env['CI']) throw new Error(`${message}CI must install every component the tests need.`);
    process.stderr.write(`${message}*** Tests that need ${name} are SKIPPED on this machine.\n\n`);
  }
  return { name, available, path };
}

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const PYTHON_PATH = '/usr/bin/python3';

export function requireChromium(): Component {
  return probe('chromium', CHROMIUM_PATH, () => existsSync(CHROMIUM_PATH));
}

export function requireRedis(): Component {
  return probe('redis-server', 'redis-server', () => {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  });
}

export function requireFeedparser(): Component {
  return probe('python3-feedparser', PYTHON_PATH, () => {
    execFileSync(PYTHON_PATH, ['-c', 'import feedparser'], { stdio: 'ignore' });
    return true;
  });
}

export const NEWSBOAT_PATH = '/usr/bin/newsboat';

/** newsboat (Debian package), for importing OPML the way a real reader does. */
export function requireNewsboat(): Component {
  return probe('newsboat', NEWSBOAT_PATH, () => {
    execFileSync(NEWSBOAT_PATH, ['-v'], { stdio: 'ignore' });
    return true;
  });
}
