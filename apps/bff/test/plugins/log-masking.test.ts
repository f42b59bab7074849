import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logging.js';
import { makeWebDist, type WebDist } from '../support/build.js';

describe('request logs', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let web: WebDist;

  beforeAll(async () => {
    web = await makeWebDist();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp(loadConfig({ WEB_DIST: web.dir, UPSTREAM_URL: 'http://127.0.0.1:9' }), {
      log: createLogger('info', { stream }),
    });
  });

  afterAll(async () => {
    await app?.close();
    await web?.remove();
  });

  it('carry the request id but no name, ID number or phone number from the URL', async () => {
    const url =
      '/manager/api/order/list?cust_name=%E5%BC%A0%E4%B8%89%E4%B8%B0&cust_id_card=11010519491231002X&phone=13812345678';
    const res = await app.inject({ method: 'GET', url });
    const logged = lines.join('\n');
    expect(logged).toContain(String(res.headers['x-request-id']));
    expect(logged).not.toContain('11010519491231002X');
    expect(logged).not.toContain('13812345678');
    expect(logged).not.toContain('%E5%BC%A0%E4%B8%89%E4%B8%B0');
    expect(logged).toContain('110105********002X');
  });
});
