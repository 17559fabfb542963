#!/usr/bin/env node
// Makes sure the real components the tests use are on this machine: Debian's chromium (renderer and
// web UI tests), redis-server (shared cache tests), python3-feedparser (feed client checks) and
// newsboat (OPML import).
// As root with apt-get it installs what is missing; otherwise it says loudly what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const components = [
  { name: 'chromium', apt: 'chromium', present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') },
  { name: 'redis-server', apt: 'redis-server', present: () => succeeds('redis-server', ['--version']) },
  { name: 'python3-feedparser', apt: 'python3-feedparser', present: () => succeeds('/usr/bin/python3', ['-c', 'import feedparser']) },
  { name: 'newsboat', apt: 'newsboat', present: () => succeeds('/usr/bin/newsboat', ['-v']) },
];

function succeeds(command, args) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

const missing = components.filter((component) => !component.present());
if (missing.length === 0) {
  console.log('system components: chromium, redis-server, python3-feedparser, newsboat present');
  process.exit(0);
}
const packages = missing.map((component) => component.apt);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && succeeds('apt-get', ['--version'])) {
  console.log(`installing system components for the tests: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  const still = components.filter((component) => !component.present());
  if (still.length > 0) {
    console.error(`still missing after install: ${still.map((component) => component.name).join(', ')}`);
    process.exit(1);
  }
  process.exit(0);
}
const message = `\n*** Missing test components: ${packages.join(', ')}\n*** Install them with: sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n`;
console.error(message);
if (process.env.CI) process.exit(1);
console.error('*** Continuing: the tests that need them will be reported as SKIPPED.\n');
