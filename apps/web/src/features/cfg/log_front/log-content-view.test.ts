import { describe, expect, it } from 'vitest';
import { viewOf } from './log-content-view';

describe('viewOf (前端日志)', () => {
  it("reads the web app's report: message, hash page, version, error name, stack and browser", () => {
    const content = JSON.stringify({
      version: '1.0.0',
      message: "Cannot read properties of undefined (reading 'order_id')",
      errorName: 'TypeError',
      stacktrace: 'TypeError: Cannot read…\n    at RevAprDetail (rev_apr_detail.js:10:5)',
      url: 'http://10.0.0.8:8080/#/manager/exam_mg/rev_apr_detail?order_id=20261122000001',
      client: { userAgent: 'Mozilla/5.0 Chrome/120' },
    });
    const view = viewOf(content);
    expect(view).toEqual({
      message: "Cannot read properties of undefined (reading 'order_id')",
      where: '/manager/exam_mg/rev_apr_detail?order_id=20261122000001',
      version: '1.0.0',
      errorName: 'TypeError',
      stacktrace: 'TypeError: Cannot read…\n    at RevAprDetail (rev_apr_detail.js:10:5)',
      userAgent: 'Mozilla/5.0 Chrome/120',
      pretty: JSON.stringify(JSON.parse(content), null, 2),
    });
  });

  it("reads the gateway's duplicate warning: the call it refused", () => {
    const view = viewOf(
      JSON.stringify({ message: 'please do not repeat the request', method: 'POST', url: '/manager/api/order/save' }),
    );
    expect(view.message).toBe('please do not repeat the request');
    expect(view.where).toBe('POST /manager/api/order/save');
  });

  it('shows other text as it is, its first line as the message', () => {
    expect(viewOf('line one\nline two')).toMatchObject({
      message: 'line one',
      where: null,
      pretty: 'line one\nline two',
    });
    expect(viewOf('[1,2]')).toMatchObject({ message: '[1,2]', pretty: '[1,2]' });
    expect(viewOf('{"url":"not a url"}')).toMatchObject({ message: '（无错误信息）', where: 'not a url' });
  });
});
