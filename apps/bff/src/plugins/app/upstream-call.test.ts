import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientGoneError, dispatchCall } from './upstream-call.js';

const CHUNK = Buffer.alloc(64 * 1024, 7);
const CHUNKS = 80; // 5 MiB

describe('dispatchCall', () => {
  let server: Server;
  let pool: Pool;
  let upstreamClosed: Promise<unknown[]> | null = null;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/json') {
        res.setHeader('content-type', 'application/json');
        // Split inside a multi-byte character: the text must still decode whole.
        const bytes = Buffer.from('{"status":200,"data":"体检","msg":""}');
        res.write(bytes.subarray(0, 24));
        setTimeout(() => res.end(bytes.subarray(24)), 5);
        return;
      }
      if (req.url === '/hold') {
        upstreamClosed = once(res, 'close');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"status":');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let sent = 0;
      const pump = () => {
        while (sent < CHUNKS) {
          sent += 1;
          if (!res.write(CHUNK)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await pool.close();
    server.close();
  });

  it('reads a buffered answer whole, across chunk boundaries', async () => {
    const res = await dispatchCall(pool, { method: 'GET', path: '/json' }, { buffer: () => true });

    expect(res).toMatchObject({ kind: 'buffered', status: 200, text: '{"status":200,"data":"体检","msg":""}' });
  });

  it('streams with back-pressure: a slow reader never has the whole body queued', async () => {
    const res = await dispatchCall(pool, { method: 'GET', path: '/file' }, { buffer: () => false });
    if (res.kind !== 'stream') throw new Error('expected a stream');
    let received = 0;
    // Each read takes everything queued so far, so the largest read is the most that was queued.
    let mostQueued = 0;
    for await (const chunk of res.body) {
      received += (chunk as Buffer).length;
      mostQueued = Math.max(mostQueued, (chunk as Buffer).length);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }

    expect(received).toBe(CHUNK.length * CHUNKS);
    expect(mostQueued).toBeLessThanOrEqual(CHUNK.length * 4);
  });

  it('aborts the upstream call when the browser side closes first', async () => {
    const client = new (await import('node:events')).EventEmitter() as NodeJS.EventEmitter & {
      writableFinished: boolean;
    };
    client.writableFinished = false;
    const call = dispatchCall(pool, { method: 'GET', path: '/hold' }, { buffer: () => true, client });
    while (!upstreamClosed) await new Promise((resolve) => setTimeout(resolve, 5));

    client.emit('close');

    await expect(call).rejects.toBeInstanceOf(ClientGoneError);
    await upstreamClosed;
  });
});
