import { describe, expect, it, vi } from 'vitest';
import type { PrintOutcome, PrintResult } from '@checkup/devices';
import { printReports } from '../batch-print';

const printed = (ok: boolean): PrintResult<PrintOutcome> => ({
  ok: true,
  data: {
    kind: 'printed',
    batch: {
      total: 1,
      report_success_count: ok ? 1 : 0,
      report_error_count: ok ? 0 : 1,
      files: [{ file: 'f', ok, message: ok ? '打印成功' : '打印机缺纸' }],
      level: ok ? 'success' : 'error',
      message: '',
    },
  },
});

/** A print service answering each order's file as `outcomes` says. */
function setup(outcomes: Record<string, PrintResult<PrintOutcome>>) {
  const record = vi.fn(async () => undefined);
  const progress: string[] = [];
  const deps = {
    client: {
      printOrDownload: vi.fn(
        async ([url]: readonly string[], _options?: { printerName?: string }) => outcomes[url!.split('=')[1]!]!,
      ),
    },
    fileUrl: async (orderId: string) => `http://bff/manager/api/report/report_file?ticket=${orderId}`,
    record,
    onProgress: ({ done, total }: { done: number; total: number }) => progress.push(`${done}/${total}`),
  };
  return { deps, record, progress };
}

describe('printReports', () => {
  it('prints each report in turn, records each print and reports progress: all N printed', async () => {
    const { deps, record, progress } = setup({ A: printed(true), B: printed(true) });
    const summary = await printReports(['A', 'B'], { ...deps, printerName: '报告打印机' });
    expect(deps.client.printOrDownload.mock.calls.map(([, options]) => options)).toEqual([
      { printerName: '报告打印机' },
      { printerName: '报告打印机' },
    ]);
    expect(summary).toMatchObject({ level: 'success', message: '共2份，全部打印成功', printed: ['A', 'B'] });
    expect(record.mock.calls).toEqual([['A'], ['B']]);
    expect(progress).toEqual(['0/2', '1/2', '2/2']);
  });

  it('says the total, the successes and the failures of a partial batch, and records only the printed', async () => {
    const { deps, record } = setup({
      A: printed(true),
      B: printed(false),
      C: { ok: false, error: 'print_failed', message: '打印失败' },
    });
    const summary = await printReports(['A', 'B', 'C'], deps);
    expect(summary).toMatchObject({
      level: 'warning',
      message: '共3份，成功1份，失败2份',
      failed: [
        { orderId: 'B', message: '打印机缺纸' },
        { orderId: 'C', message: '打印失败' },
      ],
    });
    expect(record.mock.calls).toEqual([['A']]);
  });

  it('says when every report failed, a refused ticket included', async () => {
    const { deps, record } = setup({ A: printed(false) });
    deps.fileUrl = async (orderId) => {
      if (orderId === 'B') throw new Error('当前账号没有查看保密人员的权限！');
      return `x?ticket=${orderId}`;
    };
    const summary = await printReports(['A', 'B'], deps);
    expect(summary).toMatchObject({ level: 'error', message: '共2份，全部打印失败' });
    expect(summary.failed[1]).toEqual({ orderId: 'B', message: '当前账号没有查看保密人员的权限！' });
    expect(record).not.toHaveBeenCalled();
  });

  it('says the PDFs were downloaded when the print service is down, recording no print', async () => {
    const downloaded: PrintResult<PrintOutcome> = {
      ok: true,
      data: { kind: 'downloaded', count: 1, message: '' },
    };
    const { deps, record } = setup({ A: downloaded, B: downloaded });
    const summary = await printReports(['A', 'B'], deps);
    expect(summary).toMatchObject({ level: 'warning', message: '本地打印服务未启动，已改为下载2个PDF文件' });
    expect(record).not.toHaveBeenCalled();
  });
});
