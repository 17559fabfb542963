import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Just enough of a Dockerfile reader to check pagefeed's own Dockerfile against the repository
 * where no Docker engine runs: instructions by stage, line continuations joined, comments dropped,
 * `${ARG}` replaced by the ARG defaults. Not a general Dockerfile parser (no heredocs, no escapes
 * other than a trailing backslash, no JSON-form COPY).
 */
export interface Instruction {
  readonly keyword: string;
  readonly text: string;
  readonly line: number;
}

export interface Stage {
  readonly name: string;
  readonly base: string;
  readonly instructions: Instruction[];
}

export interface Copy {
  readonly from: string | undefined;
  readonly sources: string[];
  readonly destination: string;
  readonly line: number;
}

export function readDockerfile(root: string, file = 'Dockerfile'): Stage[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  let pending = '';
  let startLine = 0;
  lines.forEach((raw, index) => {
    const line = raw.trimEnd();
    if (pending === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) return;
    if (pending === '') startLine = index + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      return;
    }
    const whole = (pending + line).trim();
    pending = '';
    const [keyword = '', ...rest] = whole.split(/\s+/);
    const text = rest.join(' ').replace(/\$\{(\w+)\}/g, (match, name: string) => args.get(name) ?? match);
    const upper = keyword.toUpperCase();
    if (upper === 'ARG') {
      const [name = '', value] = text.split('=', 2);
      if (value !== undefined || !args.has(name)) args.set(name, value ?? '');
      if (stages.length === 0) return;
    }
    if (upper === 'FROM') {
      const [base = '', , name] = text.split(/\s+/);
      stages.push({ name: name ?? String(stages.length), base, instructions: [] });
      return;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile line ${startLine}: ${keyword} before the first FROM`);
    stage.instructions.push({ keyword: upper, text, line: startLine });
  });
  return stages;
}

/** A COPY instruction's flags, sources and destination (shell form only). */
export function parseCopy(instruction: Instruction): Copy {
  const words = instruction.text.split(/\s+/);
  let from: string | undefined;
  const paths: string[] = [];
  for (const word of words) {
    if (word.startsWith('--from=')) from = word.slice('--from='.length);
    else if (!word.startsWith('--')) paths.push(word);
  }
  const destination = paths.pop();
  if (destination === undefined || paths.length === 0) throw new Error(`Dockerfile line ${instruction.line}: COPY needs a source and a destination`);
  return { from, sources: paths, destination, line: instruction.line };
}

/** A RUN instruction's shell command, without BuildKit's `--mount=…` flags. */
export function runCommand(instruction: Instruction): string {
  return instruction.text.replace(/^(--\S+\s+)+/, '');
}
