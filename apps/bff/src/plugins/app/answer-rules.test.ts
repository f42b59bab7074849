import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

  /**
   * Bytes V8 moved to the old generation in a fresh process applying the rules `calls` times to
   * ~300-byte answers (read from --trace-gc-nvp, with a 1 MB young generation so that it is
   * collected every few thousand calls).
   */
  function promotedBytes(calls: number): number {
    const module = fileURLToPath(new URL('./answer-rules.ts', import.meta.url));
    const script = `
      import { applyAnswerRules } from ${JSON.stringify(module)};
      const bytes = Buffer.from('{"status":200,"data":{"list":[{"name":"王建国"}]},"msg":"操作成功${'x'.repeat(200)}"}');
      let plain = 0;
      for (let i = 0; i < ${calls}; i += 1) {
        if (!applyAnswerRules(200, 'application/json', bytes.toString('utf8'), '/x').rewritten) plain += 1;
      }
      if (plain !== ${calls}) throw new Error('not a plain success: ' + plain);
    `;
    const run = spawnSync(
      process.execPath,
      ['--trace-gc-nvp', '--max-semi-space-size=1', '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    expect(run.status, run.stderr).toBe(0);
    return [...run.stdout.matchAll(/promoted=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  }

  it('lets a plain success die young: answers are not promoted to the old generation', () => {
    // An object literal with its own getter closure (the text inside) outlived every young
    // collection: 300,000 answers promoted ~200 MB and made the gateway run a full collection every
    // two seconds under load (bench/bff, major GC/10k req). Loading the modules promotes ~13 MB.
    const perAnswer = (promotedBytes(300_000) - promotedBytes(0)) / 300_000;
    expect(perAnswer).toBeLessThan(16);
  }, 60_000);
});
