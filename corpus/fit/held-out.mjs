// Which corpus pages the fitting scripts must not learn from: the prefixes listed in held-out.txt
// (one or more per line, '#' starts a comment; a comment line "# batch N" names the batch of the
// prefixes below it). A page named `<prefix>__<rest>` is held out.
import { readFileSync } from 'node:fs';

const batchOf = new Map();
let batch;
for (const line of readFileSync(new URL('./held-out.txt', import.meta.url), 'utf8').split('\n')) {
  const header = /^#\s*batch\s+(\S+)/i.exec(line.trim());
  if (header) batch = header[1];
  const words = line.replace(/#.*/, '').trim();
  for (const prefix of words ? words.split(/\s+/) : []) batchOf.set(prefix, batch);
}

/**
 * Batches a fitting run may learn from although they are listed (`--develop-on 15,16,17`): a session
 * that has newer held-out batches written elsewhere can use older ones as development data. Say so
 * wherever its figures are reported.
 */
const developOn = (() => {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--develop-on');
  return new Set(at >= 0 ? (argv[at + 1] ?? '').split(',').filter(Boolean) : []);
})();

/** True when the page (file or record name, with or without extension) belongs to a held-out batch. */
export function isHeldOut(name) {
  const prefix = name.split('__')[0];
  return batchOf.has(prefix) && !developOn.has(batchOf.get(prefix));
}

export const HELD_OUT_PREFIXES = [...batchOf.keys()].filter((prefix) => isHeldOut(`${prefix}__`));
