import { describe, expect, it } from 'vitest';
import { APP_JS, INDEX_HTML, useGateway } from '../support/build.js';

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-request-id']).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  expect(headers['x-content-type-options']).toBe('nosniff');
}

describe('web app from a built WEB_DIST', () => {
  const gw = useGateway({}, { cutOff: true });

  it('serves index.html at / with no-cache', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/' });

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expectCommonHeaders(res.headers);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/assets/app-abc.js' });

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectCommonHeaders(res.headers);
  });

  it('gives every answer its own request id and nosniff, errors included', async () => {
    const answers = await Promise.all(
      ['/', '/assets/app-abc.js', '/no-such-file.txt', '/manager/api/login/user_info'].map((url) =>
        gw.app.inject({ method: 'GET', url }),
      ),
    );

    for (const res of answers) expectCommonHeaders(res.headers);
    expect(new Set(answers.map((r) => r.headers['x-request-id'])).size).toBe(answers.length);
  });

  it('forbids framing pages and keeps their referrer to the same origin; API answers do without', async () => {
    const [page, asset, call] = await Promise.all(
      ['/', '/assets/app-abc.js', '/manager/api/login/user_info'].map((url) => gw.app.inject({ method: 'GET', url })),
    );

    for (const res of [page!, asset!]) {
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
    expect(call!.headers['content-type']).toMatch(/^application\/json/);
    expect(call!.headers['x-frame-options']).toBeUndefined();
    expect(call!.headers['referrer-policy']).toBeUndefined();
  });
});

describe('web app not built', () => {
  const gw = useGateway({}, { cutOff: true, built: false });

  it('answers / with 503 and a Chinese explanation', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/' });

    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/[\u4e00-\u9fff]/);
    expect(res.body).toContain('前端页面尚未构建');
    expectCommonHeaders(res.headers);
  });
});
