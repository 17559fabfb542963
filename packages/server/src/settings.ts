import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { EXTRACTION_TIMEOUT_VARIABLE, extractionTimeoutFromEnvironment, FeedError } from '@pagefeed/core';
import { parseTrustedProxies, TRUSTED_PROXIES, type AddressRange } from './client-address/trusted-proxies.js';
import { LOG_LEVELS, type LogLevel } from './operating/logger.js';
import { parsePublicUrl, PUBLIC_URL } from './public-url.js';

/**
 * Environment variables → settings (DESIGN §8). Fails fast with a message that says what to set;
 * the adapter prints it and exits non-zero.
 */
export type ServerEnvironment = Readonly<Record<string, string | undefined>>;

export interface ServerSettings {
  readonly environment: string;
  /** Per-feed extraction budget in ms (`EXTRACTION_TIMEOUT_SECONDS`, default 10 s): checked between items on whichever thread extracts, and the extraction pool's hard stop. */
  readonly extractionTimeoutMs: number;
  readonly port: number;
  readonly secretKey: string;
  /** True when SERVICE_SECRET_KEY was not set and `secretKey` is a random one for this process. */
  readonly secretKeyGenerated: boolean;
  readonly accessToken: string | undefined;
  readonly healthCheckToken: string | undefined;
  readonly metricsToken: string | undefined;
  readonly autoSourceEnabled: boolean;
  readonly feedsFile: string;
  readonly redisUrl: string | undefined;
  readonly logLevel: LogLevel;
  readonly allowPrivateNetworks: boolean;
  readonly errorTrackingDsn: string | undefined;
  readonly rendererConfigured: boolean;
  readonly bodyLimitBytes: number;
  readonly rateLimitPerMinute: number;
  /** `TRUSTED_PROXIES`: peers whose X-Forwarded-For names the client; empty: the socket peer is the client. */
  readonly trustedProxies: readonly AddressRange[];
  /** `PUBLIC_URL`: the origin absolute links are built from (no trailing slash); undefined: each request's origin. */
  readonly publicUrl: string | undefined;
  /** `EXTRACTION_WORKERS`: worker threads that parse, extract and render; 0 runs them on the main thread. */
  readonly extractionWorkers: number;
  /**
   * `EXTRACTION_WORKER_NICENESS` (0–19, default 10): how much lower a worker's scheduling priority
   * is than the main thread's once its task has used 20 ms of CPU (Linux; `pool/worker-priority.ts`).
   * 10 keeps probes and cached reads answering while every worker extracts a big page; 0 never
   * lowers them.
   */
  readonly extractionWorkerNiceness: number;
  /** `SNAPSHOT_IMAGES`: `off` (default) or `direct` (see AppSettings.snapshotImages). */
  readonly snapshotImages: 'off' | 'direct';
  /** Printed once at start (never contain secrets). */
  readonly warnings: readonly string[];
}

export const MIN_SECRET_LENGTH = 32;

export const GENERATED_KEY_WARNING = 'SERVICE_SECRET_KEY is not set: using a random key for this process; created feed tokens stop working at restart.';

const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

function flag(env: ServerEnvironment, name: string, fallback: boolean): boolean {
  const value = nonEmpty(env[name])?.toLowerCase();
  if (value === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new FeedError('ConfigurationInvalid', `${name} must be true or false, not '${env[name]}'`, { path: name });
}

function integer(env: ServerEnvironment, name: string, fallback: number, minimum: number): number {
  const value = nonEmpty(env[name]);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < minimum) {
    throw new FeedError('ConfigurationInvalid', `${name} must be a whole number ≥ ${minimum}, not '${value}'`, { path: name });
  }
  return parsed;
}

export function readSettings(env: ServerEnvironment): ServerSettings {
  const environment = nonEmpty(env['NODE_ENV']) ?? 'development';
  const warnings: string[] = [];
  let secretKey = nonEmpty(env['SERVICE_SECRET_KEY']);
  if (environment === 'production' && (secretKey === undefined || secretKey.length < MIN_SECRET_LENGTH)) {
    throw new FeedError(
      'ConfigurationInvalid',
      secretKey === undefined
        ? 'SERVICE_SECRET_KEY is not set. In production it is required: it signs the tokens of created feeds.'
        : `SERVICE_SECRET_KEY is too short (${secretKey.length} characters). In production it needs at least ${MIN_SECRET_LENGTH}.`,
      { path: 'SERVICE_SECRET_KEY', hint: 'generate one with: openssl rand -hex 32' },
    );
  }
  const secretKeyGenerated = secretKey === undefined;
  if (secretKey === undefined) {
    secretKey = randomBytes(32).toString('hex');
    warnings.push(GENERATED_KEY_WARNING);
  } else if (secretKey.length < MIN_SECRET_LENGTH) {
    warnings.push(`SERVICE_SECRET_KEY is shorter than ${MIN_SECRET_LENGTH} characters; production refuses such a key.`);
  }
  const logLevel = (nonEmpty(env['LOG_LEVEL'])?.toLowerCase() ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new FeedError('ConfigurationInvalid', `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not '${env['LOG_LEVEL']}'`, { path: 'LOG_LEVEL' });
  }
  const accessToken = nonEmpty(env['ACCESS_TOKEN']);
  if (accessToken === undefined) warnings.push('ACCESS_TOKEN is not set: only accounts from feeds.yml auth.accounts can create feeds.');
  return {
    environment,
    extractionTimeoutMs: extractionTimeoutFromEnvironment(env[EXTRACTION_TIMEOUT_VARIABLE]),
    port: integer(env, 'PORT', 4000, 0),
    secretKey,
    secretKeyGenerated,
    accessToken,
    healthCheckToken: nonEmpty(env['HEALTH_CHECK_TOKEN']),
    metricsToken: nonEmpty(env['METRICS_TOKEN']),
    autoSourceEnabled: flag(env, 'AUTO_SOURCE_ENABLED', true),
    feedsFile: nonEmpty(env['FEEDS_FILE']) ?? './feeds.yml',
    redisUrl: nonEmpty(env['REDIS_URL']),
    logLevel,
    allowPrivateNetworks: flag(env, 'ALLOW_PRIVATE_NETWORKS', false),
    errorTrackingDsn: nonEmpty(env['ERROR_TRACKING_DSN']),
    rendererConfigured: nonEmpty(env['RENDERER_WEBSOCKET_URL']) !== undefined,
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 64 * 1024, 1),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 120, 0),
    trustedProxies: parseTrustedProxies(env[TRUSTED_PROXIES], warnings),
    publicUrl: parsePublicUrl(env[PUBLIC_URL]),
    // One worker per core: the main thread mostly waits for sockets and needs little of its own.
    extractionWorkers: integer(env, 'EXTRACTION_WORKERS', availableParallelism(), 0),
    extractionWorkerNiceness: niceness(env),
    snapshotImages: snapshotImages(env),
    warnings,
  };
}

function niceness(env: ServerEnvironment): number {
  const value = integer(env, 'EXTRACTION_WORKER_NICENESS', 10, 0);
  if (value > 19) throw new FeedError('ConfigurationInvalid', `EXTRACTION_WORKER_NICENESS must be a whole number from 0 to 19, not '${value}'`, { path: 'EXTRACTION_WORKER_NICENESS' });
  return value;
}

function snapshotImages(env: ServerEnvironment): 'off' | 'direct' {
  const value = nonEmpty(env['SNAPSHOT_IMAGES'])?.toLowerCase() ?? 'off';
  if (value === 'off' || value === 'direct') return value;
  throw new FeedError('ConfigurationInvalid', `SNAPSHOT_IMAGES must be off or direct, not '${env['SNAPSHOT_IMAGES']}'`, {
    path: 'SNAPSHOT_IMAGES',
    hint: "off (default): the picker's page snapshot loads no pictures; direct: the user's browser loads them from the page's hosts",
  });
}
