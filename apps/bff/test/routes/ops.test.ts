import { describe, expect, it } from 'vitest';
import { getAs, logIn, useGateway } from '../support/build.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
}

describe('operations endpoints', () => {
  const gw = useGateway();
  const cutOff = useGateway({}, { cutOff: true });

  it('answers /healthz with 200', async () => {
    const res = await cutOff.app.inject({ method: 'GET', url: '/healthz' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 while the upstream answers', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/readyz' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', upstream: true, sharedState: true });
  });

  it('answers /readyz with 503 when the upstream port is closed', async () => {
    const res = await cutOff.app.inject({ method: 'GET', url: '/readyz' });

    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', upstream: false, sharedState: true });
  });

  it('serves Prometheus text with the request, cache and duplicate counters', async () => {
    await gw.app.inject({ method: 'GET', url: '/healthz' });

    const res = await gw.app.inject({ method: 'GET', url: '/metrics' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE bff_http_request_duration_seconds histogram');
    // The histogram's count is the request count.
    expect(res.body).toMatch(
      /^bff_http_request_duration_seconds_count\{route="\/healthz",method="GET",status="200"\} [1-9]\d*$/m,
    );
    expect(res.body).toContain('# TYPE bff_cache_total counter');
    expect(res.body).toContain('# TYPE bff_duplicates_refused_total counter');
  });

  it('serves an administrator an OpenAPI 3.1 document generated from the contract', async () => {
    const res = await getAs(gw.app, await logIn(gw.app), '/docs/json');

    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toBe('3.1.0');
    const login = doc.paths['/manager/api/login/login'];
    expect(login?.post?.requestBody?.content['application/x-www-form-urlencoded']?.schema).toMatchObject({
      type: 'object',
      properties: { user_account: { type: 'string' }, password: { type: 'string' } },
      required: expect.arrayContaining(['user_account', 'password']),
    });
    expect(doc.paths['/manager/api/commondata/version']?.get).toBeDefined();
  });

  it('serves the documentation page as HTML', async () => {
    const res = await getAs(gw.app, await logIn(gw.app), '/docs');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});
