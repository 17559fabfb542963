import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { scrubFeedTokensInText } from './scrub.js';

/**
 * Structured JSON logs through pino, one object per line: `level` (the name: debug, info, warn,
 * error), `time` (ISO 8601), `message`, then the line's fields. No `pid` or `hostname`. Fields whose
 * names look like credentials are replaced before writing (at any depth), errors are written as
 * `{ name, message, stack }`, and created-feed tokens anywhere in a line are masked, so a token can
 * never reach a log line by accident.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

const SECRET_FIELD = /token|authorization|secret|password|cookie|dsn/i;

/** Field names are few (the app's own): the verdict on each is remembered. Bounded all the same. */
const secretNames = new Map<string, boolean>();

function isSecretName(key: string): boolean {
  let secret = secretNames.get(key);
  if (secret === undefined) {
    secret = SECRET_FIELD.test(key);
    if (secretNames.size >= 1024) secretNames.clear();
    secretNames.set(key, secret);
  }
  return secret;
}

/** The line's own keys: a field of that name is written as `field_<name>` (JSON has no duplicate keys). */
const LINE_KEYS = new Set(['level', 'time', 'message']);

/** Whether `redact` would change anything: most lines have no such field, and keep their object. */
function needsRedaction(fields: Record<string, unknown>): boolean {
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    if (isSecretName(key) || LINE_KEYS.has(key) || (value !== null && typeof value === 'object')) return true;
  }
  return false;
}

/** The fields as a line writes them: credentials `[redacted]`, errors as objects, line keys renamed. */
export function redact(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const key = depth === 0 && LINE_KEYS.has(name) ? `field_${name}` : name;
    if (isSecretName(key)) result[key] = '[redacted]';
    else if (value instanceof Error) result[key] = { name: value.name, message: value.message, stack: value.stack };
    else if (value && typeof value === 'object' && !Array.isArray(value)) result[key] = redact(value as Record<string, unknown>, depth + 1);
    else result[key] = value;
  }
  return result;
}

const NO_FIELDS: Record<string, unknown> = Object.freeze({});

export interface LoggerOptions {
  readonly level?: LogLevel;
  /** Where each line goes (without its newline); default standard output, batched as below. */
  readonly write?: (line: string) => void;
  readonly clock?: () => Date;
}

/**
 * pino's own destination (sonic-boom) writes each line with one system call, or buffers until a
 * size is reached (which would hold a quiet server's lines back). Instead: standard output, with
 * debug and info lines (one access-log line per request) gathered and
 * written together a millisecond after the first of them: one write per millisecond instead of
 * one system call per request (a sixth of a cached feed's throughput), or per event-loop turn (a
 * loaded server's turn answers one or two requests, and each write with its timer cost about as
 * much again as building the line). Warnings and errors go out at once (after what is pending,
 * keeping the order), and what is pending is written on exit.
 */
const FLUSH_DELAY_MS = 1;
let pendingLines: string[] = [];
let flushScheduled = false;
let flushOnExit = false;

function flushPendingLines(): void {
  flushScheduled = false;
  if (pendingLines.length === 0) return;
  const text = pendingLines.join('');
  pendingLines = [];
  process.stdout.write(text);
}

function writeToStdout(line: string, urgent: boolean): void {
  pendingLines.push(`${line}\n`);
  if (urgent) {
    flushPendingLines();
    return;
  }
  if (flushScheduled) return;
  if (!flushOnExit) {
    flushOnExit = true;
    process.on('exit', flushPendingLines);
  }
  flushScheduled = true;
  setTimeout(flushPendingLines, FLUSH_DELAY_MS);
}

/** The time of a log line; lines written within the same millisecond share one ISO string. */
let lastMillisecond = Number.NaN;
let lastTime = '';
function currentTime(): string {
  const now = Date.now();
  if (now !== lastMillisecond) {
    lastMillisecond = now;
    lastTime = new Date(now).toISOString();
  }
  return lastTime;
}

/** Warnings and errors go out at once; pino writes the level first, so the line's start tells. */
function isUrgent(line: string): boolean {
  return line.startsWith('{"level":"warn"') || line.startsWith('{"level":"error"');
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write ? (line: string) => options.write!(line) : writeToStdout;
  const time = options.clock ? () => options.clock!().toISOString() : currentTime;
  // pino's destination: each line as pino made it, masked, then to the writer.
  const destination: DestinationStream = {
    write(text: string) {
      const line = text.endsWith('\n') ? text.slice(0, -1) : text;
      write(scrubFeedTokensInText(line), isUrgent(line));
    },
  };
  const logger: PinoLogger = pino(
    {
      level: options.level ?? 'info',
      base: null,
      messageKey: 'message',
      timestamp: () => `,"time":"${time()}"`,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  // The message goes in as the first field, not as pino's message argument (which pino writes last
  // and would read as a format string): lines keep the order they always had, level, time, message,
  // then the fields, which line-oriented tools and the `"message":"listening","port":…` readers
  // of the server's output rely on.
  const line = (message: string, fields: Record<string, unknown>) => (fields === NO_FIELDS ? { message } : { message, ...(needsRedaction(fields) ? redact(fields) : fields) });
  // Below the level nothing is built (pino's method is then a no-op, but the object is not).
  const threshold = LOG_LEVELS.indexOf(options.level ?? 'info');
  const at = (level: Exclude<LogLevel, 'silent'>) => {
    if (LOG_LEVELS.indexOf(level) < threshold) return () => {};
    const write = logger[level].bind(logger);
    return (message: string, fields: Record<string, unknown> = NO_FIELDS) => write(line(message, fields));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = createLogger({ level: 'silent' });
