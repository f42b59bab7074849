import { beforeAll, expect, it } from 'vitest';
import { getParameterRoute } from '@checkup/api-contract';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { callerFor, tokenFor } from './support/domain.js';

const GET_PARAMETER = '/manager/api/Commonconfig/get_parameter';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  it('answers a parameter with its code and JSON value', async () => {
    const res = await admin.get(GET_PARAMETER, { param_code: '0810' });

    expect(res.statusCode).toBe(200);
    const data = getParameterRoute.output.parse(res.json().data);
    expect(data).toEqual({
      param_code: '0810',
      param_value: { companyCfg: expect.objectContaining({ name: '示范医院体检中心' }) },
    });
  });

  it('answers an unknown code with a Chinese not-found message', async () => {
    const res = await admin.get(GET_PARAMETER, { param_code: '9999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, data: null, msg: '参数9999不存在，请在参数设置中配置' });
  });

  it('refuses the internal API security parameter 0002 without revealing any of it', async () => {
    const res = await admin.get(GET_PARAMETER, { param_code: '0002' });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, data: null, msg: '参数0002为系统内部参数，不能读取' });
    expect(res.body).not.toMatch(/api_encrypt_fields|api_signature_sort|is_record_fill_in_password/);
  });

  it('refuses 0002 however the code is padded', async () => {
    const res = await admin.get(GET_PARAMETER, { param_code: ' 0002 ' });
    expect(res.json()).toMatchObject({ status: 403 });
  });

  it.each([
    [{}, '请传递参数编码'],
    [{ param_code: '' }, '请传递参数编码'],
    [{ param_code: '08 10' }, '参数编码格式不正确'],
    [{ param_code: "0810' or '1'='1" }, '参数编码格式不正确'],
  ])('refuses %j with %s', async (query, msg) => {
    expect((await admin.get(GET_PARAMETER, query)).json()).toEqual({ status: 400, data: null, msg });
  });

  it('is closed to callers without a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${GET_PARAMETER}?param_code=0810` });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('示范医院');
  });
});
