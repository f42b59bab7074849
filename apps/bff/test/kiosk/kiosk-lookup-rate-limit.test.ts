import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, selfPrintFindExamineeRoute } from '@checkup/api-contract';
import { buildKioskApp } from '../../src/kiosk/app.js';
import { loadConfig } from '../../src/config.js';
import { FORM, useFixtures, type GatewayEnv } from '../support/build.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const REFUSED = failure('KIOSK_LOOKUP_LIMITED');

describe('the kiosk’s examinee look-up (issue 17 §2)', () => {
  const gw = useFixtures();
  const kiosks: FastifyInstance[] = [];

  async function kiosk(env: GatewayEnv = {}) {
    const app = await buildKioskApp(loadConfig({ UPSTREAM_URL: gw.upstream.url, WEB_DIST: gw.web.dir, ...env }));
    kiosks.push(app);
    return app;
  }
  afterAll(async () => {
    await Promise.all(kiosks.map((k) => k.close()));
  });

  const lookUp = (app: FastifyInstance, address: string, idCard = '110105194912310021') =>
    app.inject({
      method: 'POST',
      url: selfPrintFindExamineeRoute.path,
      headers: FORM,
      payload: new URLSearchParams({ cust_id_card: idCard }).toString(),
      remoteAddress: address,
    });

  describe('in one gateway', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await kiosk();
    });

    it('answers ten look-ups a minute from one kiosk, then asks the examinee to go to the service desk', async () => {
      const answers = [];
      for (let i = 0; i < 12; i += 1)
        answers.push(await lookUp(app, '10.1.1.1', `11010519491231${String(i).padStart(4, '0')}`));
      expect(answers.slice(0, 10).every((res) => res.statusCode !== 429)).toBe(true);
      for (const refused of answers.slice(10)) {
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual(REFUSED);
      }
      expect(REFUSED.msg).toContain('服务台');
    });

    it('counts each kiosk address on its own', async () => {
      expect((await lookUp(app, '10.1.1.2')).statusCode).not.toBe(429);
    });

    it('leaves the kiosk’s other calls alone', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/manager/api/commondata/version',
        remoteAddress: '10.1.1.1',
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe.skipIf(!REDIS_URL)('across two gateway instances sharing one Redis', () => {
    it('counts the look-ups of one address together', async () => {
      const env = { REDIS_URL, REDIS_KEY_PREFIX: `test:bff:${randomUUID()}:` };
      const [a, b] = await Promise.all([kiosk(env), kiosk(env)]);
      for (let i = 0; i < 5; i += 1) {
        expect((await lookUp(a, '10.2.2.2')).statusCode).not.toBe(429);
        expect((await lookUp(b, '10.2.2.2')).statusCode).not.toBe(429);
      }
      expect((await lookUp(a, '10.2.2.2')).json()).toEqual(REFUSED);
      expect((await lookUp(b, '10.2.2.2')).json()).toEqual(REFUSED);
      await a.sharedState.deletePrefix('');
    });
  });
});
