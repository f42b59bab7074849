import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway, cacheMisses, getAs, logInAs } from '../support/gateway.js';
import { COUNTED_PATH, startScriptedUpstream, type ScriptedUpstream } from '../support/scripted-upstream.js';
import { until } from '../support/waiting.js';

const USER_LIST = '/manager/api/user/user_simple_list';

describe('a shared GET cache load', () => {
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

  it("does not end a user's session because another user's token expired upstream", async () => {
    const admin = await logInAs(app, 'admin');
    const nurse = await logInAs(app, 'nurse');
    fake.forget('admin');
    const open = fake.gate('cachedGets');

    const pending = [getAs(app, admin, USER_LIST), getAs(app, nurse, USER_LIST)] as const;
    await until('both have joined the load', async () => (await cacheMisses(app)) === 2);
    open();
    const [adminAnswer, nurseAnswer] = await Promise.all(pending);

    const nurseLater = await getAs(app, nurse, COUNTED_PATH);

    expect(adminAnswer.statusCode).toBe(401);
    expect({ nurse: nurseAnswer.statusCode, nurseLater: nurseLater.statusCode }).toEqual({
      nurse: 200,
      nurseLater: 200,
    });
  });
});
