import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Serves the built web app; hashed assets are cached for a year, index.html never. */
export const webStaticPlugin = fp(async (app: FastifyInstance, opts: { webDist: string; log?: Logger }) => {
  if (!existsSync(path.join(opts.webDist, 'index.html'))) {
    opts.log?.warn({ webDist: opts.webDist }, 'web app is not built');
    app.get('/', async (_request, reply) =>
      reply.status(503).type('text/plain; charset=utf-8').send('前端页面尚未构建：请运行 npm start（会自动构建）。'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.webDist,
    wildcard: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
});
