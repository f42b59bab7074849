import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRINT_SETTINGS, guideSheetTicketRoute, type PrintSettings } from '@checkup/api-contract';
import { LocalPrintClient } from '@checkup/devices';
import { fakeApi, type FakeApi } from '../../../../../test/fake-api';
import { fetchGuideSheet, printGuideSheet } from '../print-guide-sheet';

const TICKET = '20261122000001.1790000000.abc_DEF-123';
const answer = (body: unknown) => ({
  ok: true,
  status: 200,
  json: async () => body,
  text: async () => JSON.stringify(body),
});

let server: FakeApi;

describe('printGuideSheet', () => {
  beforeEach(() => {
    server = fakeApi([[guideSheetTicketRoute, () => ({ ticket: TICKET, expires_at: '' })]]);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('prints on the workstation’s print service and guide-sheet printer (打印配置), handing it a ticketed address', async () => {
    const settings: PrintSettings = {
      ...DEFAULT_PRINT_SETTINGS,
      print_service_urls: ['http://10.0.0.20:9100/'],
      printers: { ...DEFAULT_PRINT_SETTINGS.printers, guide_sheet: '登记台针式打印机' },
    };
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return answer(url.includes('printword') ? { status: true, data: [{ value: 1 }] } : { status: true });
    });

    const result = await printGuideSheet('20261122000001', settings);

    expect(result).toMatchObject({ ok: true, data: { kind: 'printed', batch: { report_success_count: 1 } } });
    expect(server.call).toHaveBeenCalledWith(guideSheetTicketRoute, { order_id: '20261122000001' });
    expect(urls.every((url) => url.startsWith('http://10.0.0.20:9100/'))).toBe(true);
    const printword = new URL(urls.find((u) => u.includes('printword'))!);
    expect(printword.searchParams.get('printer_name')).toBe('登记台针式打印机');
    expect(JSON.parse(printword.searchParams.get('word_list')!)).toEqual([
      `${window.location.origin}/manager/api/order/guide_sheet_file?ticket=${encodeURIComponent(TICKET)}`,
    ]);
  });

  it('downloads the sheet instead when the print service is not running (spec §8)', async () => {
    const download = vi.fn();
    const client = new LocalPrintClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      download,
    });

    const result = await printGuideSheet('20261122000001', DEFAULT_PRINT_SETTINGS, client);

    expect(result).toEqual({
      ok: true,
      data: { kind: 'downloaded', count: 1, message: '本地打印服务未启动，已改为下载1个PDF文件' },
    });
    expect(download).toHaveBeenCalledTimes(1);
  });
});

describe('fetchGuideSheet', () => {
  it('answers the PDF, or the server message of a refusal', async () => {
    const okFetch = vi.fn(async () => new Response('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } }));
    expect(await (await fetchGuideSheet('20261122000001', okFetch)).text()).toBe('%PDF-1.3');
    expect(okFetch).toHaveBeenCalledWith('/manager/api/order/guide_sheet?order_id=20261122000001', {
      credentials: 'include',
    });

    const refused = async () =>
      new Response(JSON.stringify({ status: 403, data: null, msg: '当前账号没有查看保密人员的权限！' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    await expect(fetchGuideSheet('20261122000001', refused)).rejects.toThrow('当前账号没有查看保密人员的权限！');
  });
});
