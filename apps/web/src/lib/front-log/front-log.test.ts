import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFrontLogReporter, installFrontLog, reportCaughtError } from './front-log';
import { facts } from './page-facts.fixture';

const send = vi.fn(async (_input: unknown) => null);
const options = { version: () => '3.2.1', send, facts: () => facts };
const sentContent = (i = 0) => JSON.parse((send.mock.calls[i]![0] as { log_content: string }).log_content);

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason });
}

describe('front-end error logging (spec §3, §7 add_log)', () => {
  let uninstall = () => {};
  beforeEach(() => {
    send.mockReset();
    send.mockResolvedValue(null);
  });
  afterEach(() => {
    uninstall();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends an uncaught window error with operator_id empty and the entry name as source', () => {
    uninstall = installFrontLog(options);
    const error = new Error('e2e 测试错误');
    window.dispatchEvent(
      new ErrorEvent('error', { error, message: error.message, lineno: 3, colno: 9, filename: 'a.js' }),
    );
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ log_type: 'error', operator_id: '', log_source: '体检系统' }),
    );
    expect(sentContent()).toMatchObject({
      message: 'e2e 测试错误',
      type: 'uncaught',
      lineNumber: 3,
      columnNumber: 9,
      fileName: 'a.js',
    });
  });

  it('sends an unhandled promise rejection', () => {
    uninstall = installFrontLog(options);
    window.dispatchEvent(rejection(new RangeError('越界')));
    expect(sentContent()).toMatchObject({ message: '越界', errorName: 'RangeError', type: 'uncaught' });
  });

  it('only warns the ResizeObserver loop errors', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    uninstall = installFrontLog(options);
    for (const message of [
      'ResizeObserver loop completed with undelivered notifications.',
      'ResizeObserver loop limit exceeded',
    ]) {
      window.dispatchEvent(new ErrorEvent('error', { message }));
    }
    expect(send).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('installs once and reports caught errors with their metadata', () => {
    uninstall = installFrontLog(options);
    installFrontLog(options);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('一次') }));
    expect(send).toHaveBeenCalledTimes(1);
    reportCaughtError(new Error('打印失败'), { order_id: '20261121000001' });
    expect(sentContent(1)).toMatchObject({
      type: 'caught',
      message: '打印失败',
      metadata: { order_id: '20261121000001' },
    });
  });

  it('lets the same message through at most 3 times a minute', () => {
    vi.useFakeTimers();
    const report = createFrontLogReporter(options);
    const sent = Array.from({ length: 5 }, () => report({ kind: 'uncaught', error: new Error('同一个错误') }));
    expect(sent).toEqual([true, true, true, false, false]);
    expect(report({ kind: 'uncaught', error: new Error('另一个错误') })).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(report({ kind: 'uncaught', error: new Error('同一个错误') })).toBe(true);
  });

  it('caps all messages at 20 a minute', () => {
    vi.useFakeTimers();
    const report = createFrontLogReporter(options);
    const sent = Array.from({ length: 25 }, (_, i) => report({ kind: 'caught', error: new Error(`错误${i}`) }));
    expect(sent.filter(Boolean)).toHaveLength(20);
  });

  it('never reports its own failures: a rejected add_log is swallowed and add_log errors are dropped', async () => {
    send.mockRejectedValue(new Error('网络连接失败，请稍后再试'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const report = createFrontLogReporter(options);
    expect(report({ kind: 'uncaught', error: new Error('页面错误') })).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(report({ kind: 'uncaught', error: new Error('请求失败 /manager/api/logfront/add_log') })).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
