import { expect, it } from 'vitest';
import { versionRoute } from '@checkup/api-contract';
import { parameters, roles, users } from '../src/db/schema.js';
import { seedDemoData } from '../src/db/seed.js';
import { encrypt, form, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);

  it('answers the version info from the parameters without a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/manager/api/commondata/version' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    const info = versionRoute.output.parse(body.data);
    expect(info).toMatchObject({
      name: '示范医院体检中心',
      service_type: 1,
      systemColorStyle: 'default',
      is_record_fill_in_password: false,
    });
    expect(info.encrypt_cfg).toEqual({
      api_params_encrypt: false,
      api_integrity_verify: false,
      api_encrypt_fields: ['password', 'cust_id_card', 'phone'],
      api_signature_sort: true,
    });
  });

  it.each(['GET', 'POST'] as const)(
    'answers an unknown %s path with 401 to a stranger, so paths cannot be probed',
    async (method) => {
      const res = await server.app.inject({ method, url: '/manager/api/nope' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401 });
    },
  );

  it('answers an unknown path with the not-found envelope to a logged-in user', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/manager/api/login/login',
      ...form({ user_account: 'admin', password: encrypt('Checkup@2026', server.keys.publicKeyPem) }),
    });
    const token = login.json().data.token as string;
    const res = await server.app.inject({
      method: 'GET',
      url: '/manager/api/nope',
      headers: { 'x-checkup-token': token },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, data: null, msg: '请求的接口不存在' });
  });

  it('answers a malformed URL with the envelope', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/manager/api/%E4%B8/x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, data: null, msg: '请求参数错误' });
  });

  it('keeps a well-formed request id from the gateway and replaces a malformed one', async () => {
    const url = '/manager/api/commondata/version';
    const kept = await server.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'bff-1234-abcd' } });
    expect(kept.headers['x-request-id']).toBe('bff-1234-abcd');
    const replaced = await server.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'a\tb'.repeat(40) } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts an x-request-id header on every answer, successful or not', async () => {
    const answers = await Promise.all([
      server.app.inject({ method: 'GET', url: '/manager/api/commondata/version' }),
      server.app.inject({ method: 'GET', url: '/manager/api/login/public_key' }),
      server.app.inject({ method: 'GET', url: '/manager/api/login/user_info' }),
      server.app.inject({ method: 'GET', url: '/manager/api/nope' }),
      server.app.inject({
        method: 'POST',
        url: '/manager/api/login/login',
        ...form({ user_account: 'admin', password: encrypt('wrong', server.keys.publicKeyPem) }),
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 401, 400]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('changes nothing when the demo data is seeded a second time', async () => {
    const { db } = server.database;
    const count = async () => [await db.$count(users), await db.$count(roles), await db.$count(parameters)];
    const before = await count();
    const rolesBefore = await db.select().from(roles);
    await seedDemoData(db);
    expect(await count()).toEqual(before);
    expect(await db.select().from(roles)).toEqual(rolesBefore);
  });
});
