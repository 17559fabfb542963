/** Everything a command touches outside itself, so tests run commands in-process. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** True when stderr is a terminal: progress lines are shown only then. */
  readonly interactive: boolean;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    interactive: Boolean(process.stderr.isTTY),
  };
}

/** A progress line on an interactive terminal; silent in pipes so output stays machine-readable. */
export function progress(io: CliIo, message: string): void {
  if (io.interactive) io.stderr(`\u001b[2m${message}\u001b[0m\n`);
}
