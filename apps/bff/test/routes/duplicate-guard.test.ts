import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { failure } from '@checkup/api-contract';
import { duplicateKey } from '../../src/plugins/app/duplicate-guard.js';
import { isDuplicateExempt } from '../../src/policy/duplicate-exempt.js';
import { cookieOf, postForm } from '../support/build.js';
import { logInAs, useScriptedGateway } from '../support/gateway.js';
import { DROPPING_PATH, REFUSING_PATH } from '../support/scripted-upstream.js';
import { pause, until } from '../support/waiting.js';

const SAVE = '/manager/api/order/save_order';
const REFUSED = failure('DUPLICATE_REQUEST');
const EXEMPT = [
  '/manager/api/print/add',
  '/manager/api/departmentdiagnosis/match_diag_by_union',
  '/manager/api/order/get_order_form_print',
  '/manager/api/departmentdiagnosis/diagnosis_union_save',
  '/manager/api/commondata/version',
  '/manager/api/Commonconfig/get_parameter',
  '/manager/api/occupationalDiseaseUpload/upload',
  '/manager/api/report/change_print_time',
];

describe('the duplicate guard', () => {
  const gw = useScriptedGateway();

  const lockGone = (sid: string, url: string, body: string) => async () =>
    (await gw.app.sharedState.get(duplicateKey({ sessionId: sid, method: 'POST', url, body }))) === null;

  it('refuses an identical POST while the first is pending, then answers the first normally', async () => {
    const sid = await logInAs(gw.app, 'admin');
    const first = postForm(gw.app, sid, `${SAVE}?order_id=7`, 'amount=1');
    await gw.upstream.waitForHeld(1);

    const second = await postForm(gw.app, sid, `${SAVE}?order_id=7`, 'amount=1');
    gw.upstream.releaseAll();
    const answered = await first;

    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual(REFUSED);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ status: 200, data: { seq: 1, body: { amount: '1' } }, msg: '操作成功' });
    expect(gw.upstream.calls(SAVE)).toBe(1);
  });

  it('logs the refusal as a front-end warning sent upstream with the user token', async () => {
    const sid = await logInAs(gw.app, 'admin');
    const first = postForm(gw.app, sid, SAVE, 'amount=1');
    await gw.upstream.waitForHeld(1);

    await postForm(gw.app, sid, SAVE, 'amount=1');
    gw.upstream.releaseAll();
    await first;

    expect(gw.upstream.frontLogs).toEqual([
      {
        account: 'admin',
        body: expect.objectContaining({ log_type: 'warn', log_source: 'bff-duplicate-guard', operator_id: '' }),
      },
    ]);
    expect(JSON.parse(gw.upstream.frontLogs[0]!.body.log_content!)).toMatchObject({ message: REFUSED.msg, url: SAVE });
  });

  it('lets a different body, a different query or another user through while the first is pending', async () => {
    const admin = await logInAs(gw.app, 'admin');
    const nurse = await logInAs(gw.app, 'nurse');
    const first = postForm(gw.app, admin, `${SAVE}?order_id=7`, 'amount=1');
    await gw.upstream.waitForHeld(1);

    const others = [
      postForm(gw.app, admin, `${SAVE}?order_id=7`, 'amount=2'),
      postForm(gw.app, admin, `${SAVE}?order_id=8`, 'amount=1'),
      postForm(gw.app, nurse, `${SAVE}?order_id=7`, 'amount=1'),
    ];
    await gw.upstream.waitForHeld(4);
    gw.upstream.releaseAll();
    const answers = await Promise.all([first, ...others]);

    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(gw.upstream.held.map((h) => h.account)).toEqual(['admin', 'admin', 'admin', 'nurse']);
  });

  it('releases the lock after the upstream answered', async () => {
    const sid = await logInAs(gw.app, 'admin');
    const first = postForm(gw.app, sid, SAVE, 'amount=1');
    await gw.upstream.waitForHeld(1);
    gw.upstream.releaseAll();
    expect((await first).statusCode).toBe(200);

    const again = postForm(gw.app, sid, SAVE, 'amount=1');
    await gw.upstream.waitForHeld(2);
    gw.upstream.releaseAll();

    expect((await again).statusCode).toBe(200);
    expect(gw.upstream.calls(SAVE)).toBe(2);
  });

  it.each([
    ['an error envelope', REFUSING_PATH, 500],
    ['a dropped connection', DROPPING_PATH, 502],
  ])('releases the lock after %s', async (_what, path, status) => {
    const sid = await logInAs(gw.app, 'admin');

    const answers = [await postForm(gw.app, sid, path, 'amount=1'), await postForm(gw.app, sid, path, 'amount=1')];

    expect(answers.map((r) => r.statusCode)).toEqual([status, status]);
    expect(gw.upstream.calls(path)).toBe(2);
  });

  it('releases the lock when the browser goes away before the answer', async () => {
    const sid = await logInAs(gw.app, 'admin');
    await gw.app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
    const body = 'amount=1';
    const request = http.request(`${origin}${SAVE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...cookieOf(sid) },
    });
    request.on('error', () => {});
    request.end(body);
    await gw.upstream.waitForHeld(1);

    request.destroy();
    await until('the lock is released', lockGone(sid, SAVE, body));
    const again = postForm(gw.app, sid, SAVE, body);
    await gw.upstream.waitForHeld(2);
    gw.upstream.releaseAll();

    expect((await again).statusCode).toBe(200);
  });

  it('lets an identical POST through once DUPLICATE_LOCK_TTL_SECONDS has passed', async () => {
    const short = await gw.buildForTest({ DUPLICATE_LOCK_TTL_SECONDS: '1' });
    const sid = await logInAs(short, 'admin');
    const first = postForm(short, sid, SAVE, 'amount=1');
    await gw.upstream.waitForHeld(1);

    const refused = await postForm(short, sid, SAVE, 'amount=1');
    await pause(1_100);
    const third = postForm(short, sid, SAVE, 'amount=1');
    await gw.upstream.waitForHeld(2);
    gw.upstream.held[0]!.release();
    await first;
    const fourth = await postForm(short, sid, SAVE, 'amount=1');
    gw.upstream.releaseAll();

    expect(refused.statusCode).toBe(409);
    expect((await third).statusCode).toBe(200);
    expect(fourth.statusCode).toBe(409);
    expect(gw.upstream.calls(SAVE)).toBe(2);
  });

  it.each(EXEMPT)('never refuses identical concurrent POSTs to %s', async (path) => {
    expect(isDuplicateExempt(path)).toBe(true);
    const sid = await logInAs(gw.app, 'admin');

    const both = [postForm(gw.app, sid, path, 'order_id=7'), postForm(gw.app, sid, path, 'order_id=7')];
    await gw.upstream.waitForHeld(2, path);
    gw.upstream.releaseAll();

    expect((await Promise.all(both)).map((r) => r.statusCode)).toEqual([200, 200]);
  });
});
