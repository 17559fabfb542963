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

export interface ScriptCommands {
  pagefeedIncrement(key: string, by: number, expiryMilliseconds: number): Promise<number>;
  pagefeedDeleteIfEquals(key: string, expected: string): Promise<number>;
  pagefeedExpireIfEquals(key: string, expected: string, expiryMilliseconds: number): Promise<number>;
}
