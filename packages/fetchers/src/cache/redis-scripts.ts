/**
 * Lua scripts run atomically inside Redis. ioredis sends them by SHA and re-sends the body
 * when the server does not know it yet (after a restart), so they survive Redis going away.
 */

/** INCRBY, and PEXPIRE only when this call created the counter (a fixed window, like memory). */
export const INCREMENT_SCRIPT = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if created and tonumber(ARGV[2]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value
`;

/** Delete only when the stored value is the expected one: a lock owner releases its own lock only. */
export const DELETE_IF_EQUALS_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** Renew the expiry only while the stored value is the expected one: an owner extends its own lock. */
export const EXPIRE_IF_EQUALS_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

/**
 * Shared host slots: a sorted set per host, lease ids scored by their expiry in Redis's own clock
 * (instances' clocks may disagree). Expired leases are dropped first, so a crashed holder's slot
 * frees itself; the key expires with its last lease, so hosts seen once leave nothing behind.
 */
const NOW_AND_TRIM = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
`;

const EXPIRE_WITH_LAST_LEASE = `
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2]
if last then redis.call('PEXPIREAT', KEYS[1], math.ceil(tonumber(last))) end
`;

/** Take a slot (ARGV: lease id, limit, lease ms) when fewer than `limit` live leases exist; 1 taken, 0 full. Idempotent per id. */
export const TAKE_HOST_SLOT_SCRIPT = `${NOW_AND_TRIM}
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
${EXPIRE_WITH_LAST_LEASE}
  return 1
end
return 0
`;

/** Push a live lease's expiry out (ARGV: lease id, lease ms); 0 when it has already expired or was never there. */
export const RENEW_HOST_SLOT_SCRIPT = `${NOW_AND_TRIM}
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
${EXPIRE_WITH_LAST_LEASE}
return 1
`;

export interface ScriptCommands {
  pagefeedTakeHostSlot(key: string, leaseId: string, limit: number, leaseMilliseconds: number): Promise<number>;
  pagefeedRenewHostSlot(key: string, leaseId: string, leaseMilliseconds: number): Promise<number>;
  pagefeedIncrement(key: string, by: number, expiryMilliseconds: number): Promise<number>;
  pagefeedDeleteIfEquals(key: string, expected: string): Promise<number>;
  pagefeedExpireIfEquals(key: string, expected: string, expiryMilliseconds: number): Promise<number>;
}
