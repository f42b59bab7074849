import { describe, expect, it } from 'vitest';
import { postForm } from '../support/build.js';
import { logInAs, useScriptedGateway } from '../support/gateway.js';
import { ADD_LOG_PATH } from '../support/scripted-upstream.js';
import { pause, until } from '../support/waiting.js';

const SAVE = '/manager/api/order/save_order';

describe('the duplicate refusal', () => {
  const gw = useScriptedGateway();

  it('answers 409 without waiting for the upstream to store the front-end log', async () => {
    const sid = await logInAs(gw.app, 'admin');
    const first = postForm(gw.app, sid, SAVE, 'amount=1');
    await gw.upstream.waitForHeld(1);
    const openLog = gw.upstream.gate('frontLogs');

    const second = postForm(gw.app, sid, SAVE, 'amount=1');
    await until('the warning reached the upstream', () => gw.upstream.calls(ADD_LOG_PATH) === 1);
    const early = await Promise.race([second, pause(2_000).then(() => 'still waiting for add_log')]);
    openLog();
    gw.upstream.releaseAll();
    await Promise.all([first, second]);

    expect(early).toMatchObject({ statusCode: 409 });
  });
});
