import { beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@checkup/api-contract';
import { FORM, cookieOf, logIn, useGateway } from '../support/build.js';
import type { EchoedRequest } from '../support/fake-upstream.js';

describe('Idempotency-Key through the gateway (issue 17 §2)', () => {
  const gw = useGateway();
  let sid: string;
  beforeAll(async () => {
    sid = await logIn(gw.app);
  });

  it('passes the browser’s key on to the checkup server, which keeps the answers', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/manager/api/test/echo',
      headers: { ...FORM, ...cookieOf(sid), [IDEMPOTENCY_KEY_HEADER]: 'form-7f3a9c21' },
      payload: 'a=1',
    });
    expect(res.json<{ data: EchoedRequest }>().data.headers[IDEMPOTENCY_KEY_HEADER]).toBe('form-7f3a9c21');
  });

  it('sends none of its own when the browser sent none', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/manager/api/test/echo',
      headers: { ...FORM, ...cookieOf(sid) },
      payload: 'a=2',
    });
    expect(res.json<{ data: EchoedRequest }>().data.headers[IDEMPOTENCY_KEY_HEADER]).toBeUndefined();
  });
});
