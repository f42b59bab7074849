import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '@checkup/api-contract';
import { buildBff, makeWebDist, type WebDist } from '../support/build.js';
import { fakeVersion } from '../support/fake-upstream.js';
import { until } from '../support/waiting.js';

const STREAM = '/manager/api/queue/display_stream';
const SNAPSHOT = '/manager/api/queue/display_snapshot';
const BODY_TIMEOUT_MS = 100;
// undici checks its time-outs on a coarse timer (about a second): the silence must outlast that.
const SILENCE_MS = 2_500;

/** What the upstream's stream did: the headers it got, whether it ended, whether the client left. */
interface UpstreamStream {
  lastEventId: string | undefined;
  raw: ServerResponse;
  closed: boolean;
}

/** A checkup server stand-in whose display stream writes only when the test says so. */
async function startStreamingUpstream() {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const streams: UpstreamStream[] = [];
  app.get('/manager/api/commondata/version', async () => ok(fakeVersion));
  app.get(SNAPSHOT, async () => ok({ queue_date: '2026-11-22', last_seq: 7, depts: [] }));
  app.get(STREAM, (request, reply) => {
    reply.hijack();
    const header = request.headers['last-event-id'];
    const stream: UpstreamStream = {
      lastEventId: typeof header === 'string' ? header : undefined,
      raw: reply.raw,
      closed: false,
    };
    reply.raw.on('close', () => (stream.closed = true));
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    reply.raw.write('id: 8\nevent: queue\ndata: {"seq":8}\n\n');
    streams.push(stream);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, streams };
}

async function readUntil(reader: ReadableStreamDefaultReader<string>, text: string, seen = { all: '' }) {
  while (!seen.all.includes(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${text}; got ${seen.all}`);
    seen.all += value;
  }
  return seen.all;
}

describe('a server-sent event stream through the staff gateway', () => {
  let upstream: Awaited<ReturnType<typeof startStreamingUpstream>>;
  let web: WebDist;
  let bff: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    upstream = await startStreamingUpstream();
    web = await makeWebDist();
    bff = await buildBff({
      UPSTREAM_URL: upstream.url,
      WEB_DIST: web.dir,
      UPSTREAM_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
    });
    base = await bff.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await bff?.close();
    await upstream?.app.close();
    await web?.remove();
  });

  const open = (controller: AbortController) =>
    fetch(`${base}${STREAM}?dept_ids=3`, {
      headers: { accept: 'text/event-stream', 'last-event-id': '7' },
      signal: controller.signal,
    });

  it('answers the display snapshot without a session', async () => {
    const res = await bff.inject({ method: 'GET', url: `${SNAPSHOT}?dept_ids=3` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.last_seq).toBe(7);
  });

  it('passes the first event on before the upstream ends its answer, and later ones after a long silence', async () => {
    const controller = new AbortController();
    const res = await open(controller);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const seen = { all: '' };

    await readUntil(reader, 'data: {"seq":8}', seen);
    const stream = upstream.streams.at(-1)!;
    expect(stream.raw.writableEnded).toBe(false);
    expect(stream.lastEventId).toBe('7');

    // Quieter than the ordinary body time-out: an event stream is not cut for that.
    await new Promise((resolve) => setTimeout(resolve, SILENCE_MS));
    stream.raw.write('id: 9\nevent: queue\ndata: {"seq":9}\n\n');
    await readUntil(reader, 'data: {"seq":9}', seen);
    expect(stream.closed).toBe(false);

    controller.abort();
    await until('the upstream stream is closed after the browser left', () => stream.closed, 5_000);
  });

  it('ends open streams when the gateway closes, so closing does not wait for the browsers', async () => {
    const other = await buildBff({ UPSTREAM_URL: upstream.url, WEB_DIST: web.dir });
    const otherBase = await other.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${otherBase}${STREAM}`, { headers: { accept: 'text/event-stream' } });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    await readUntil(reader, 'data: {"seq":8}');
    const stream = upstream.streams.at(-1)!;

    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await until('the upstream stream is closed', () => stream.closed, 5_000);
  });
});
