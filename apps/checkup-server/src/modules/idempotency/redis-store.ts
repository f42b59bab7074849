import type { Redis } from 'ioredis';
import {
  claimOf,
  type Claim,
  type ClaimRequest,
  type HeldKey,
  type IdempotencyStore,
  type KeptAnswer,
} from './store.js';

interface StoredKey extends HeldKey {
  owner: string;
  lockedUntil: number;
}

// Claims atomically: sets the key when it is free, or held by a request that died running with the
// same fields (ARGV[3] now, ARGV[4] fingerprint); otherwise answers what holds it.
const CLAIM = `
local held = redis.call('get', KEYS[1])
if held then
  local key = cjson.decode(held)
  if not (key.state == 'running' and tonumber(key.lockedUntil) < tonumber(ARGV[3]) and key.fingerprint == ARGV[4]) then
    return held
  end
end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;

// Completes or deletes a key only for the request that holds it; the key keeps its time to live.
const COMPLETE = `
local held = redis.call('get', KEYS[1])
if not held then return 0 end
local key = cjson.decode(held)
if key.owner ~= ARGV[1] then return 0 end
key.state = 'done'
key.answer = cjson.decode(ARGV[2])
redis.call('set', KEYS[1], cjson.encode(key), 'KEEPTTL')
return 1`;
const RELEASE = `
local held = redis.call('get', KEYS[1])
if not held then return 0 end
local key = cjson.decode(held)
if key.owner ~= ARGV[1] or key.state ~= 'running' then return 0 end
return redis.call('del', KEYS[1])`;

/** Keys in Redis when REDIS_URL is set: shared by every instance, expired by Redis itself. */
export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'checkup:idempotency:',
  ) {}

  async claim(request: ClaimRequest): Promise<Claim> {
    const value: StoredKey = {
      fingerprint: request.fingerprint,
      state: 'running',
      answer: null,
      owner: request.owner,
      lockedUntil: request.now + request.runningMs,
    };
    const held = (await this.redis.eval(
      CLAIM,
      1,
      this.prefix + request.scopeKey,
      JSON.stringify(value),
      String(request.ttlMs),
      String(request.now),
      request.fingerprint,
    )) as string | null;
    return held === null ? { kind: 'claimed' } : claimOf(JSON.parse(held) as StoredKey, request.fingerprint);
  }

  async complete(scopeKey: string, owner: string, answer: KeptAnswer): Promise<void> {
    await this.redis.eval(COMPLETE, 1, this.prefix + scopeKey, owner, JSON.stringify(answer));
  }

  async release(scopeKey: string, owner: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.prefix + scopeKey, owner);
  }
}
