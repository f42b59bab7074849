import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway, logInAs, postForm } from '../support/gateway.js';
import { ADD_LOG_PATH, startScriptedUpstream, type ScriptedUpstream } from '../support/scripted-upstream.js';
import { pause, until } from '../support/waiting.js';

const SAVE = '/manager/api/order/save_order';

describe('the duplicate refusal', () => {
  let fake: ScriptedUpstream;
  let app: FastifyInstance;

  beforeAll(async () => {
    fake = await startScriptedUpstream();
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(async () => {
    app = await buildGateway(fake.url);
  });
  afterEach(async () => {
    fake.reset();
    await app.close();
  });

  it('answers 409 without waiting for the upstream to store the front-end log', async () => {
    const sid = await logInAs(app, 'admin');
    const first = postForm(app, sid, SAVE, 'amount=1');
    await fake.waitForHeld(1);
    const openLog = fake.gate('frontLogs');

    const second = postForm(app, sid, SAVE, 'amount=1');
    await until('the warning reached the upstream', () => fake.calls(ADD_LOG_PATH) === 1);
    const early = await Promise.race([second, pause(2_000).then(() => 'still waiting for add_log')]);
    openLog();
    fake.releaseAll();
    await Promise.all([first, second]);

    expect(early).toMatchObject({ statusCode: 409 });
  });
});
