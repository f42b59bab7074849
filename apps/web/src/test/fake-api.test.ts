import { describe, expect, it, vi } from 'vitest';
import { orderCheckInRoute, uploadExceptionImageRoute, userInfoRoute, versionRoute } from '@checkup/api-contract';
import { api } from '../lib/api';
import { ApiError } from '../lib/api-error';
import { fakeApi } from './fake-api';

describe('fakeApi', () => {
  it('answers each call by its descriptor and keeps what was sent', async () => {
    const server = fakeApi([
      [versionRoute, () => ({ name: '示例体检中心' })],
      [orderCheckInRoute, (input) => ({ order_id: input.order_id, status: 'checked_in' })],
    ]);
    expect(await api.call(versionRoute)).toEqual({ name: '示例体检中心' });
    expect(await api.call(orderCheckInRoute, { order_id: '20261122000001' })).toEqual({
      order_id: '20261122000001',
      status: 'checked_in',
    });
    expect(server.calls(orderCheckInRoute)).toEqual([{ order_id: '20261122000001' }]);
    expect(server.call).toHaveBeenCalledTimes(2);
  });

  it('refuses a descriptor it has no answer for, as a server refuses an unknown path', async () => {
    fakeApi([]);
    const refusal = await api.call(userInfoRoute).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, message: `未模拟的请求：${userInfoRoute.path}` });
  });

  it('answers an upload with its file, and an answer replaced in the middle of a test', async () => {
    const server = fakeApi([[uploadExceptionImageRoute, (_, file) => ({ file_id: 1, url: file?.name })]]);
    const image = new File(['png'], '血压记录.png', { type: 'image/png' });
    expect(await api.upload(uploadExceptionImageRoute, { order_id: '20261122000042', id: 2 }, image)).toEqual({
      file_id: 1,
      url: '血压记录.png',
    });
    server.answer(uploadExceptionImageRoute, () => {
      throw new ApiError(413, '图片不能超过5MB', uploadExceptionImageRoute.path);
    });
    await expect(api.upload(uploadExceptionImageRoute, { order_id: '20261122000042', id: 2 }, image)).rejects.toThrow(
      '图片不能超过5MB',
    );
    expect(server.upload).toHaveBeenCalledTimes(2);
  });

  it('gives the real client back after each test', () => {
    expect(vi.isMockFunction(api.call)).toBe(false);
    expect(vi.isMockFunction(api.upload)).toBe(false);
  });
});
