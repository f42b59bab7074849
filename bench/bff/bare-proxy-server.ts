import Fastify from 'fastify';
import httpProxy from '@fastify/http-proxy';

/**
 * Child process: the reference a Node gateway is held to — @fastify/http-proxy with its defaults
 * (undici pool, bodies streamed, no logger), forwarding every path to the upstream.
 */
const port = Number(process.env.BENCH_PORT);
const upstream = process.env.BENCH_UPSTREAM_URL ?? '';
const app = Fastify({ logger: false });
await app.register(httpProxy, { upstream });

process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port });
