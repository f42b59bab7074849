import type { Redis } from 'ioredis';
import type { NonceStore } from './nonce-store.js';

/** Shared by every checkup server instance: SET NX makes the first claim win atomically. */
export class RedisNonceStore implements NonceStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'checkup:nonce:',
  ) {}

  async claim(nonce: string, ttlMs: number): Promise<boolean> {
    const answer = await this.redis.set(`${this.prefix}${nonce}`, '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
    return answer === 'OK';
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
