import { describe, expect, it } from 'vitest';
import { applyAnswerRules } from './answer-rules.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const url = '/manager/api/order/list?page=1';

describe('answer rules', () => {
  it('passes a successful envelope through and normalises a string status', () => {
    const answer = applyAnswerRules(200, JSON_TYPE, '{"status":"200","data":{"a":1},"msg":"ok"}', url);
    expect(answer).toEqual({
      httpStatus: 200,
      envelope: { status: 200, data: { a: 1 }, msg: 'ok' },
      endSession: false,
      rewritten: true,
      success: true,
    });
  });

  it('answers a plain success envelope without parsing it, and still offers the envelope', () => {
    const text = '{"status":200,"data":{"rows":[1,2,3]},"msg":""}';
    const answer = applyAnswerRules(200, JSON_TYPE, text, url);
    expect(answer).toMatchObject({ httpStatus: 200, success: true, rewritten: false, endSession: false });
    expect(answer.signal).toBeUndefined();
    expect(answer.envelope).toEqual({ status: 200, data: { rows: [1, 2, 3] }, msg: '' });
  });

  it('marks a well-formed envelope as verbatim, so its text is sent as it came', () => {
    const answer = applyAnswerRules(200, JSON_TYPE, '{"status":200,"data":{"n":12345678901234567890},"msg":""}', url);
    expect(answer.rewritten).toBe(false);
  });

  it("turns status '401' into a 401 relogin signal that ends the session", () => {
    const answer = applyAnswerRules(200, JSON_TYPE, '{"status":"401","data":null,"msg":"请重新登录"}', url);
    expect(answer).toMatchObject({ httpStatus: 401, signal: 'relogin', endSession: true, envelope: { status: 401 } });
  });

  it("turns status '402' into the external-import signal", () => {
    const answer = applyAnswerRules(200, JSON_TYPE, '{"status":402,"data":null,"msg":"外检"}', url);
    expect(answer).toMatchObject({ httpStatus: 402, signal: 'external-import', endSession: false });
  });

  it("turns msg '非法访问!' into a login signal", () => {
    const answer = applyAnswerRules(200, JSON_TYPE, '{"status":500,"data":null,"msg":"非法访问!"}', url);
    expect(answer).toMatchObject({ signal: 'login', endSession: true, httpStatus: 403 });
  });

  it("signals maintenance when the answer carries param_value 'Y'", () => {
    const answer = applyAnswerRules(200, JSON_TYPE, '{"status":200,"data":{"param_value":"Y"},"msg":""}', url);
    expect(answer).toMatchObject({ httpStatus: 200, signal: 'maintenance' });
  });

  it('reports a non-JSON answer with the spec message and the path', () => {
    const answer = applyAnswerRules(200, 'text/html', '<html>login</html>', url);
    expect(answer.envelope.msg).toBe('接口返回错误，不是一个json，异常请求：/manager/api/order/list');
    expect(answer.httpStatus).toBe(502);
  });

  it('reports an HTTP failure without an envelope with its code', () => {
    const answer = applyAnswerRules(500, 'text/html', '<h1>Internal Server Error</h1>', url);
    expect(answer).toMatchObject({
      httpStatus: 500,
      envelope: { status: 500, msg: '网络服务异常，状态码500,异常请求：/manager/api/order/list' },
    });
  });

  it('keeps a business failure status as the HTTP status', () => {
    const answer = applyAnswerRules(200, JSON_TYPE, '{"status":400,"data":null,"msg":"用户账号或密码错误"}', url);
    expect(answer).toMatchObject({ httpStatus: 400, envelope: { msg: '用户账号或密码错误' } });
  });
});
