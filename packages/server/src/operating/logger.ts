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
  /**
   * A writer of info lines that share their message and some fields (the access log: one writer per
   * method, route and status, one line per request). Each line is the one
   * `info(message, { ...bound, ...fields })` writes: level, time, message, the bound fields, then
   * the line's own, redacted and masked alike (character for character, but for a lone UTF-16
   * surrogate in a bound value, which is written escaped). Made by a pino child logger with the
   * message and the bound fields bound, so pino serialises those once, not per line. A logger
   * without it gets `info` calls.
   */
  infoLines?(message: string, bound?: Record<string, unknown>): (fields: Record<string, unknown>) => void;
}

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

const SECRET_FIELD = /token|authorization|secret|password|cookie|dsn/i;

/** The line's own keys: a field of that name is written as `field_<name>` (JSON has no duplicate keys). */
const LINE_KEYS = new Set(['level', 'time', 'message']);

/**
 * Field names are few (the app's own): the verdict on each is remembered, one lookup per field of
 * a line: plain, or a name to redact or rename. Bounded all the same.
 */
const PLAIN = 0;
const SECRET = 1;
const LINE_KEY = 2;
const nameVerdicts = new Map<string, number>();

function verdictOn(key: string): number {
  let verdict = nameVerdicts.get(key);
  if (verdict === undefined) {
    verdict = SECRET_FIELD.test(key) ? SECRET : LINE_KEYS.has(key) ? LINE_KEY : PLAIN;
    if (nameVerdicts.size >= 1024) nameVerdicts.clear();
    nameVerdicts.set(key, verdict);
  }
  return verdict;
}

function isSecretName(key: string): boolean {
  return verdictOn(key) === SECRET;
}

/** Whether `redact` would change anything: most lines have no such field, and keep their object. */
function needsRedaction(fields: Record<string, unknown>): boolean {
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    if (verdictOn(key) !== PLAIN || (value !== null && typeof value === 'object')) return true;
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

/** pino's default `errorKey`: an object logged with it gets the error's message as the line's. */
const ERROR_KEY = 'err';

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
 * keeping the order), and what is pending is written on exit: `process.exit` (the server's
 * shutdown on SIGTERM/SIGINT), the end of the event loop and an uncaught exception all emit
 * `exit`, and standard output is written synchronously there (a file, a pipe or a terminal on
 * Linux). Only a process killed outright (SIGKILL) loses the last millisecond's lines.
 * The lines are gathered as one string (pino's lines end with their newline): no array to join.
 */
const FLUSH_DELAY_MS = 1;
let pendingText = '';
let flushScheduled = false;
let flushOnExit = false;

function flushPendingLines(): void {
  flushScheduled = false;
  if (pendingText === '') return;
  const text = pendingText;
  pendingText = '';
  process.stdout.write(text);
}

/** `text`: one or more whole lines, each with its newline. */
function writeToStdout(text: string, urgent: boolean): void {
  pendingText += text;
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

/**
 * The time of a log line as pino's `timestamp` option wants it (`,"time":"…"`); lines written
 * within the same millisecond share one text.
 */
let lastMillisecond = Number.NaN;
let lastTimeText = '';
function currentTimeText(): string {
  const now = Date.now();
  if (now !== lastMillisecond) {
    lastMillisecond = now;
    lastTimeText = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTimeText;
}

/**
 * Warnings and errors go out at once. pino writes the level first, so the line's start tells:
 * `{"level":"` is 10 characters, then `w`arn or `e`rror (`d`ebug and `i`nfo wait).
 */
const LEVEL_INITIAL_AT = '{"level":"'.length;
const W = 'w'.charCodeAt(0);
const E = 'e'.charCodeAt(0);
function isUrgent(line: string): boolean {
  const initial = line.charCodeAt(LEVEL_INITIAL_AT);
  return initial === W || initial === E;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  // A writer of the caller's gets each line without its newline.
  const custom = options.write;
  const write = custom ? (text: string) => custom(text.endsWith('\n') ? text.slice(0, -1) : text) : writeToStdout;
  const time = options.clock ? () => `,"time":"${options.clock!().toISOString()}"` : currentTimeText;
  // pino's destination: each line as pino made it (with its newline), masked, then to the writer.
  const destination: DestinationStream = {
    write(text: string) {
      write(scrubFeedTokensInText(text), isUrgent(text));
    },
  };
  const logger: PinoLogger = pino(
    {
      level: options.level ?? 'info',
      base: null,
      messageKey: 'message',
      timestamp: time,
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
  const enabled = (level: Exclude<LogLevel, 'silent'>) => LOG_LEVELS.indexOf(level) >= threshold;
  const at = (level: Exclude<LogLevel, 'silent'>) => {
    if (!enabled(level)) return () => {};
    const write = logger[level].bind(logger);
    return (message: string, fields: Record<string, unknown> = NO_FIELDS) => write(line(message, fields));
  };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    infoLines(message, bound = NO_FIELDS) {
      if (!enabled('info')) return () => {};
      // pino writes a child's bindings right after the time: the message stays the line's third
      // key, then the bound fields, then the line's own. All redacted as `line` does it.
      const child = logger.child(line(message, bound));
      // A field of a bound name would be written twice (JSON has no duplicate keys), and one named
      // `err` (pino's error key) would make pino write the error's message as a second `message`:
      // such a line is made as `info` makes it, a bound field's value replaced by the line's.
      const viaInfo = new Set([...Object.keys(bound), ERROR_KEY]);
      const info = at('info');
      return (fields) => {
        for (const key in fields) if (viaInfo.has(key)) return info(message, { ...bound, ...fields });
        child.info(needsRedaction(fields) ? redact(fields) : fields);
      };
    },
  };
}

export const silentLogger: Logger = createLogger({ level: 'silent' });
