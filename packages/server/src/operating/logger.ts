import { logLine, logLineOfText } from './log-line.js';
import { scrubFeedTokensInText } from './scrub.js';

/**
 * Structured JSON logs, one object per line. Fields whose names look like credentials are
 * replaced before writing, and created-feed tokens anywhere in a line are masked, so a token
 * can never reach a log line by accident.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /**
   * `info(message, fields)` with the fields already serialised by `fieldText` (log-line.ts), in
   * order: the same line, without building an object per line. For the access log, which writes
   * one line per request; a logger without it gets `info` calls.
   */
  infoText?(message: string, fieldsText: string): void;
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

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (isSecretName(key)) result[key] = '[redacted]';
    else if (value instanceof Error) result[key] = { name: value.name, message: value.message, stack: value.stack };
    else if (value && typeof value === 'object' && !Array.isArray(value)) result[key] = redact(value as Record<string, unknown>);
    else result[key] = value;
  }
  return result;
}

const NO_FIELDS: Record<string, unknown> = Object.freeze({});

export interface LoggerOptions {
  readonly level?: LogLevel;
  readonly write?: (line: string) => void;
  readonly clock?: () => Date;
}

/**
 * Standard output, with debug and info lines (one access-log line per request) gathered and
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

export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = LOG_LEVELS.indexOf(options.level ?? 'info');
  const write = options.write ? (line: string) => options.write!(line) : (line: string, urgent: boolean) => writeToStdout(line, urgent);
  const time = options.clock ? () => options.clock!().toISOString() : currentTime;
  const log = (level: Exclude<LogLevel, 'silent'>) => {
    const enabled = LOG_LEVELS.indexOf(level) >= threshold;
    const urgent = level === 'warn' || level === 'error';
    return (message: string, fields: Record<string, unknown> = NO_FIELDS) => {
      if (!enabled) return;
      write(scrubFeedTokensInText(logLine(level, time(), message, fields, redact, isSecretName)), urgent);
    };
  };
  const infoEnabled = LOG_LEVELS.indexOf('info') >= threshold;
  // Lines of one millisecond share their time string, and access-log lines their message: the
  // text up to the fields is made (and scrubbed) once for them. Scrubbing that text and the fields
  // text apart finds what scrubbing the whole line would: a token is a run of [A-Za-z0-9_-] and a
  // dot, and the two texts meet at `"` and `,`, which no token contains.
  let prefixTime = '';
  let prefixMessage = '';
  let prefix = '';
  const prefixOf = (lineTime: string, message: string): string => {
    if (lineTime !== prefixTime || message !== prefixMessage) {
      prefixTime = lineTime;
      prefixMessage = message;
      // An empty fields text gives the prefix and the closing brace.
      prefix = scrubFeedTokensInText(logLineOfText('info', lineTime, message, '').slice(0, -1));
    }
    return prefix;
  };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    infoText(message, fieldsText) {
      if (infoEnabled) write(`${prefixOf(time(), message)}${scrubFeedTokensInText(fieldsText)}}`, false);
    },
  };
}

export const silentLogger: Logger = createLogger({ level: 'silent' });
