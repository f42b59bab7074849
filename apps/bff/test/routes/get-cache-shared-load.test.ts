import { describe, expect, it } from 'vitest';
import { getAs } from '../support/build.js';
import { cacheMisses, logInAs, useScriptedGateway } from '../support/gateway.js';
import { COUNTED_PATH } from '../support/scripted-upstream.js';
import { until } from '../support/waiting.js';

const USER_LIST = '/manager/api/user/user_simple_list';

describe('a shared GET cache load', () => {
  const gw = useScriptedGateway();

  it("does not end a user's session because another user's token expired upstream", async () => {
    const admin = await logInAs(gw.app, 'admin');
    const nurse = await logInAs(gw.app, 'nurse');
    gw.upstream.forget('admin');
    const open = gw.upstream.gate('cachedGets');

    const pending = [getAs(gw.app, admin, USER_LIST), getAs(gw.app, nurse, USER_LIST)] as const;
    await until('both have joined the load', async () => (await cacheMisses(gw.app)) === 2);
    open();
    const [adminAnswer, nurseAnswer] = await Promise.all(pending);

    const nurseLater = await getAs(gw.app, nurse, COUNTED_PATH);

    expect(adminAnswer.statusCode).toBe(401);
    expect({ nurse: nurseAnswer.statusCode, nurseLater: nurseLater.statusCode }).toEqual({
      nurse: 200,
      nurseLater: 200,
    });
  });
});
