import { describe, expect, it } from 'vitest';
import { clientErrorAnswer } from './request-limits.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const statusOf = (answer: string) => Number(answer.split(' ')[1]);
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('the answer to a request Node refused (issue 17 §2)', () => {
  it('is the envelope with its length, and closes the connection', () => {
    const answer = clientErrorAnswer({ code: 'HPE_INVALID_METHOD' });
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf(answer)).toEqual({ status: 400, data: null, msg: '请求参数错误' });
    expect(answer).toContain('connection: close');
    const length = Number(/content-length: (\d+)/.exec(answer)![1]);
    expect(bytes(answer.slice(answer.indexOf('\r\n\r\n') + 4)).length).toBe(length);
  });

  it('is a 414 when the overflowing packet starts or continues a request line', () => {
    expect(statusOf(clientErrorAnswer({ code: 'HPE_HEADER_OVERFLOW', rawPacket: bytes('GET /a?k=aaaa') }))).toBe(414);
    expect(statusOf(clientErrorAnswer({ code: 'HPE_HEADER_OVERFLOW', rawPacket: bytes('a%20b&c=d') }))).toBe(414);
  });

  it('is a 431 when it holds header lines or a header value', () => {
    const headers = bytes('GET / HTTP/1.1\r\nx-a: 1\r\nx-b: 2');
    expect(statusOf(clientErrorAnswer({ code: 'HPE_HEADER_OVERFLOW', rawPacket: headers }))).toBe(431);
    expect(statusOf(clientErrorAnswer({ code: 'HPE_HEADER_OVERFLOW', rawPacket: bytes('c1=v; c2=v') }))).toBe(431);
    expect(statusOf(clientErrorAnswer({ code: 'HPE_HEADER_OVERFLOW' }))).toBe(431);
  });

  it('is a 408 for a request that took too long', () => {
    expect(bodyOf(clientErrorAnswer({ code: 'ERR_HTTP_REQUEST_TIMEOUT' }))).toMatchObject({ status: 408 });
  });
});
