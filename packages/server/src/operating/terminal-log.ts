/**
 * Readable log lines for a person at a terminal: in development, when standard output is a
 * terminal, each JSON line is printed by pino-pretty (time, level, message, then the fields). The
 * lines are built, redacted and scrubbed exactly as before; only their display changes.
 * `LOG_FORMAT=json` keeps JSON, `LOG_FORMAT=pretty` asks for readable lines anywhere.
 */
export type LogWriter = (line: string) => void;

export function wantsPrettyLogs(env: Readonly<Record<string, string | undefined>>, environment: string, isTerminal: boolean): boolean {
  const format = env['LOG_FORMAT']?.trim().toLowerCase();
  if (format === 'json') return false;
  if (format === 'pretty') return true;
  return environment === 'development' && isTerminal;
}

/** `destination`: where the readable lines go (default standard output). */
export async function createPrettyLogWriter(destination?: NodeJS.WritableStream): Promise<LogWriter> {
  // Loaded only for a terminal: a production server never imports it.
  // A CommonJS module (`export =`): its function is the namespace's default.
  const pretty = ((await import('pino-pretty')) as unknown as { default: typeof import('pino-pretty') }).default;
  const stream = pretty({ messageKey: 'message', timestampKey: 'time', translateTime: 'SYS:HH:MM:ss.l', sync: true, singleLine: true, ...(destination ? { destination } : {}) });
  return (line) => void stream.write(`${line}\n`);
}
