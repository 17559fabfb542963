import { readdir, readFile } from 'node:fs/promises';

const PAGE_SIZE = 4096;

/**
 * Resident memory of every process in a process group, in bytes (Linux `/proc`), or undefined
 * where `/proc` is not available. Chromium runs in its own group (puppeteer starts it detached),
 * so this counts the browser with its renderer, GPU and utility processes. Shared pages are
 * counted once per process: the figure is an upper bound, which is what a restart limit needs.
 */
export async function processGroupMemoryBytes(groupId: number): Promise<number | undefined> {
  if (process.platform !== 'linux') return undefined;
  let names: string[];
  try {
    names = await readdir('/proc');
  } catch {
    return undefined;
  }
  let pages = 0;
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => undefined);
    if (stat === undefined) continue;
    // Fields after the command name (which may hold spaces): state ppid pgrp ... rss is the 24th field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== groupId) continue;
    pages += Number(fields[21]) || 0;
  }
  return pages * PAGE_SIZE;
}
