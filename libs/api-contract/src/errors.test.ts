import { describe, expect, it } from 'vitest';
import { AppError, errorToEnvelope } from './errors.js';

describe('errorToEnvelope', () => {
  it('keeps the code and msg of a typed error', () => {
    const { status, envelope, unexpected } = errorToEnvelope(new AppError('WRONG_CREDENTIALS'));
    expect(status).toBe(400);
    expect(envelope).toEqual({ status: 400, data: null, msg: '用户账号或密码错误' });
    expect(unexpected).toBe(false);
  });

  it('hides the details of an unexpected error', () => {
    const { status, envelope, unexpected } = errorToEnvelope(new Error('relation "users" does not exist'));
    expect(status).toBe(500);
    expect(envelope.msg).toBe('服务器内部错误，请稍后再试');
    expect(unexpected).toBe(true);
  });

  it('answers a framework 4xx as a bad request', () => {
    const error = Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 });
    expect(errorToEnvelope(error)).toMatchObject({ status: 400, unexpected: false });
  });

  it('keeps 413 and 429 with their own Chinese messages', () => {
    const tooLarge = Object.assign(new Error('Body is too large'), { statusCode: 413 });
    expect(errorToEnvelope(tooLarge).envelope).toEqual({ status: 413, data: null, msg: '提交的内容过大' });
    const tooMany = Object.assign(new Error('Rate limit'), { statusCode: 429 });
    expect(errorToEnvelope(tooMany).envelope).toEqual({ status: 429, data: null, msg: '网络繁忙，请稍后再试' });
  });
});
