import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { route } from '@checkup/api-contract';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

const getThing = route({
  method: 'GET',
  path: '/manager/api/thing',
  summary: '测试查询',
  access: 'signed-in',
  input: z.object({ id: z.string() }),
  output: z.object({ n: z.number() }),
});
const saveThing = route({
  method: 'POST',
  path: '/manager/api/save',
  summary: '测试保存',
  access: 'signed-in',
  input: z.object({}).passthrough(),
  output: z.null(),
});

function clientAnswering(
  status: number,
  data: unknown,
  seen: InternalAxiosRequestConfig[] = [],
  hooks = {},
  headers: Record<string, string> = {},
) {
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data, status, statusText: '', headers, config };
    if (status >= 400) throw new AxiosError('fail', String(status), config, undefined, response);
    return response;
  };
  return createApiClient(hooks, axios.create({ adapter }));
}

describe('api client', () => {
  it('unwraps a successful envelope and parses its data with the contract', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const api = clientAnswering(200, { status: 200, data: { n: 3 }, msg: 'ok' }, seen);
    await expect(api.call(getThing, { id: '7' })).resolves.toEqual({ n: 3 });
    expect(seen[0]!.params).toEqual({ id: '7' });
    expect(seen[0]!.withCredentials).toBe(true);
  });

  it('sends POST bodies form-encoded, repeating keys for arrays', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const api = clientAnswering(200, { status: 200, data: null, msg: 'ok' }, seen);
    await api.call(saveThing, { name: '张 三+', ids: [1, 2], skip: undefined });
    expect(seen[0]!.data).toBe('name=%E5%BC%A0+%E4%B8%89%2B&ids=1&ids=2');
    expect(seen[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
  });

  it('turns a business failure into an ApiError with the server msg', async () => {
    const api = clientAnswering(400, { status: 400, data: null, msg: '用户账号或密码错误' });
    await expect(api.call(getThing, { id: '1' })).rejects.toMatchObject({ status: 400, message: '用户账号或密码错误' });
  });

  it('reports a 401 as the relogin signal, once', async () => {
    const onSignal = vi.fn();
    const api = clientAnswering(401, { status: 401, data: null, msg: '登录信息已过期，请重新登录' }, [], {
      onSignal,
    });
    await expect(api.call(getThing, { id: '1' })).rejects.toBeInstanceOf(ApiError);
    expect(onSignal.mock.calls).toEqual([['relogin']]);
  });

  it('tells the shell of a refused call (403), so it reads the changed menu again, and of no other failure', async () => {
    const onForbidden = vi.fn();
    const refused = clientAnswering(403, { status: 403, data: null, msg: '没有权限执行此操作，请联系管理员' }, [], {
      onForbidden,
    });
    await expect(refused.call(getThing, { id: '1' })).rejects.toMatchObject({ status: 403 });
    const invalid = clientAnswering(400, { status: 400, data: null, msg: '请填写姓名' }, [], { onForbidden });
    await expect(invalid.call(getThing, { id: '1' })).rejects.toMatchObject({ status: 400 });
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });

  it('passes on the BFF signal header of a failure and of a success', async () => {
    const onSignal = vi.fn();
    const refused = clientAnswering(
      402,
      { status: 402, data: null, msg: '当前为外检导入模式' },
      [],
      { onSignal },
      {
        'x-checkup-signal': 'external-import',
      },
    );
    await expect(refused.call(getThing, { id: '1' })).rejects.toMatchObject({ status: 402 });
    const maintenance = clientAnswering(
      200,
      { status: 200, data: { n: 1 }, msg: '' },
      [],
      { onSignal },
      {
        'x-checkup-signal': 'maintenance',
      },
    );
    await expect(maintenance.call(getThing, { id: '1' })).resolves.toEqual({ n: 1 });
    expect(onSignal.mock.calls).toEqual([['external-import'], ['maintenance']]);
  });

  it('ignores a signal header it does not know', async () => {
    const onSignal = vi.fn();
    const api = clientAnswering(
      200,
      { status: 200, data: { n: 1 }, msg: '' },
      [],
      { onSignal },
      {
        'x-checkup-signal': 'self-destruct',
      },
    );
    await api.call(getThing, { id: '1' });
    expect(onSignal).not.toHaveBeenCalled();
  });

  it('reports a non-JSON answer with the spec message', async () => {
    const api = clientAnswering(200, '<html>oops</html>');
    await expect(api.call(getThing, { id: '1' })).rejects.toThrow(/^接口返回错误，不是一个json，/);
  });

  it('reports an HTTP failure without an envelope with its status and url', async () => {
    const api = clientAnswering(502, 'Bad Gateway');
    await expect(api.call(getThing, { id: '1' })).rejects.toThrow(
      '网络服务异常，状态码502,异常请求：/manager/api/thing',
    );
  });

  it('refuses data that does not match the contract', async () => {
    const api = clientAnswering(200, { status: 200, data: { n: 'three' }, msg: 'ok' });
    await expect(api.call(getThing, { id: '1' })).rejects.toThrow(/接口返回的数据格式不正确/);
  });
});

describe('Idempotency-Key per submitted form (issue 17 §2)', () => {
  const keyOf = (config: InternalAxiosRequestConfig) => config.headers.get('idempotency-key');

  /** A client whose adapter answers each call with the next of `statuses`. */
  function clientAnsweringInTurn(statuses: number[], seen: InternalAxiosRequestConfig[]) {
    const adapter: AxiosAdapter = async (config) => {
      seen.push(config);
      const status = statuses.shift() ?? 200;
      const data =
        status === 200 ? { status: 200, data: null, msg: 'ok' } : { status, data: null, msg: '网络繁忙，请稍后再试' };
      const response = { data, status, statusText: '', headers: {}, config };
      if (status >= 400) throw new AxiosError('fail', String(status), config, undefined, response);
      return response;
    };
    return createApiClient({}, axios.create({ adapter }));
  }

  it('sends a key with a POST and none with a GET', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const api = clientAnsweringInTurn([200], seen);
    await api.call(saveThing, { name: '王建国' });
    expect(keyOf(seen[0]!)).toMatch(/^[0-9a-f]{32}$/);
    const reads: InternalAxiosRequestConfig[] = [];
    await clientAnswering(200, { status: 200, data: { n: 1 }, msg: 'ok' }, reads).call(getThing, { id: '1' });
    expect(keyOf(reads[0]!)).toBeUndefined();
  });

  it('sends a key with a GET that changes state, as its descriptor says', async () => {
    const signThing = route({
      method: 'GET',
      path: '/manager/api/sign_thing',
      summary: '测试签名',
      access: 'signed-in',
      writes: true,
      input: z.object({ id: z.string() }),
      output: z.null(),
    });
    const seen: InternalAxiosRequestConfig[] = [];
    await clientAnsweringInTurn([200], seen).call(signThing, { id: '4' });
    expect(seen[0]!.params).toEqual({ id: '4' });
    expect(keyOf(seen[0]!)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends the retry of a form that timed out at the gateway with the key of its first sending', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const api = clientAnsweringInTurn([504, 200], seen);
    await expect(api.call(saveThing, { name: '王建国' })).rejects.toMatchObject({ status: 504 });
    await api.call(saveThing, { name: '王建国' });
    expect(keyOf(seen[1]!)).toBe(keyOf(seen[0]!));
  });

  it('gives a new key to a form sent again after its success, and to other fields', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const api = clientAnsweringInTurn([200, 200, 200], seen);
    await api.call(saveThing, { name: '王建国' });
    await api.call(saveThing, { name: '王建国' });
    await api.call(saveThing, { name: '李四' });
    const keys = seen.map(keyOf);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('uploads: the one multipart path (issue 17 §2)', () => {
  const uploadThing = route({
    method: 'POST',
    path: '/manager/api/upload_thing',
    summary: '测试上传',
    access: 'signed-in',
    input: z.object({ id: z.number() }),
    output: z.object({ file_id: z.number() }),
    upload: { maxBytes: 1024, types: ['image/png'], typesLabel: 'PNG 图片' },
  });

  it('sends the input in the query and the file as the body’s one part, with a key kept for its retry', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const statuses = [504, 200];
    const adapter: AxiosAdapter = async (config) => {
      seen.push(config);
      const status = statuses.shift()!;
      const data =
        status === 200 ? { status: 200, data: { file_id: 7 }, msg: 'ok' } : { status, data: null, msg: '网络繁忙' };
      const response = { data, status, statusText: '', headers: {}, config };
      if (status >= 400) throw new AxiosError('fail', String(status), config, undefined, response);
      return response;
    };
    const api = createApiClient({}, axios.create({ adapter }));
    const file = new File([new Uint8Array([0x89, 0x50])], '心电图.png', { type: 'image/png' });

    await expect(api.upload(uploadThing, { id: 3 }, file)).rejects.toMatchObject({ status: 504 });
    await expect(api.upload(uploadThing, { id: 3 }, file)).resolves.toEqual({ file_id: 7 });

    expect(seen[0]!.url).toBe('/manager/api/upload_thing?id=3');
    const sent = seen[0]!.data as FormData;
    expect((sent.get('file') as File).name).toBe('心电图.png');
    expect(seen[1]!.headers.get('idempotency-key')).toBe(seen[0]!.headers.get('idempotency-key'));
  });
});
