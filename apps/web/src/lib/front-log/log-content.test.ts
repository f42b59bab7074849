import { describe, expect, it } from 'vitest';
import { LOG_CONTENT_MAX_BYTES } from '@checkup/api-contract';
import { buildLogContent } from './log-content';
import { facts } from './page-facts.fixture';

describe('front-end log content (spec §3)', () => {
  it('carries every field of the front-end log entry', () => {
    const error = new TypeError('无法读取 summary');
    const content = JSON.parse(
      buildLogContent(
        { kind: 'uncaught', error, metadata: { order_id: '1' }, lineNumber: 12, columnNumber: 5, fileName: 'app.js' },
        facts,
      ),
    );
    expect(content).toEqual({
      version: '3.2.1',
      message: '无法读取 summary',
      metadata: { order_id: '1' },
      errorName: 'TypeError',
      releaseStage: 'production',
      stacktrace: error.stack,
      time: '2026-11-21T08:00:00.000Z',
      title: '科室诊断 - 体检管理系统',
      type: 'uncaught',
      url: 'http://peis.local/#/manager/exam_mg/dept_diag',
      client: { userAgent: 'Chromium', screenHeight: 1080, screenWidth: 1920, referrer: 'http://peis.local/' },
      lineNumber: 12,
      columnNumber: 5,
      fileName: 'app.js',
      pageLevel: 'top',
    });
  });

  it('describes a thrown non-error by its own text', () => {
    const content = JSON.parse(buildLogContent({ kind: 'caught', error: '打印失败' }, facts));
    expect(content).toMatchObject({
      message: '打印失败',
      errorName: 'Error',
      type: 'caught',
      stacktrace: '',
      lineNumber: null,
    });
  });

  it('cuts a huge stack and metadata to stay within the server limit of 16 KB', () => {
    const error = new Error('太长');
    error.stack = '堆栈'.repeat(20_000);
    const text = buildLogContent({ kind: 'caught', error, metadata: { dump: '数据'.repeat(20_000) } }, facts);
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(LOG_CONTENT_MAX_BYTES);
    expect(JSON.parse(text).message).toBe('太长');
  });
});
