// Which corpus pages the fitting scripts must not learn from: the prefixes listed in held-out.txt
// (one or more per line, '#' starts a comment). A page named `<prefix>__<rest>` is held out.
import { readFileSync } from 'node:fs';

const prefixes = new Set(
  readFileSync(new URL('./held-out.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .flatMap((line) => (line ? line.split(/\s+/) : [])),
);

/** True when the page (file or record name, with or without extension) belongs to a held-out batch. */
export function isHeldOut(name) {
  return prefixes.has(name.split('__')[0]);
}

export const HELD_OUT_PREFIXES = [...prefixes];
