import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, REFUSED, text, type FakeReply } from '../test/fake-fetch.js';
import { LocalPrintClient, type LocalPrintClientOptions } from './local-print-client.js';

const UP = json({ status: true, msg: 'ok' });
const FILES = ['http://bff/report/a.docx', 'http://bff/report/b.docx', 'http://bff/report/c.docx'];

/** Ports that are up answer their root; /printword and /preview answer from `answer`. */
function setup(up: number[], answer: (url: URL) => FakeReply = () => UP, options: LocalPrintClientOptions = {}) {
  const http = fakeFetch((url) => {
    if (!up.includes(Number(url.port))) return REFUSED;
    return url.pathname === '/' ? UP : answer(url);
  });
  return { http, client: new LocalPrintClient({ fetch: http.fetch, ...options }) };
}
const perFile = (...values: unknown[]) => json({ status: true, data: values.map((value) => ({ value })) });

describe('LocalPrintClient against a fake print service', () => {
  it('uses port 8000, or 18000 when 8000 does not answer', async () => {
    expect(await setup([8000, 18000]).client.findPrintService()).toEqual({ ok: true, data: 'http://127.0.0.1:8000/' });
    expect(await setup([18000]).client.findPrintService()).toEqual({ ok: true, data: 'http://127.0.0.1:18000/' });
    expect(await setup([]).client.findPrintService()).toEqual({
      ok: false,
      error: 'print_service_down',
      message: '打印服务未启动，请启动后重试',
    });
  });

  it('uses the addresses 打印配置 gives a workstation, and none of the default ports', async () => {
    const http = fakeFetch((url) => {
      if (url.hostname !== '10.0.0.20') return REFUSED;
      return url.pathname.endsWith('/printword') ? perFile(1) : UP;
    });
    const client = LocalPrintClient.forSettings(
      {
        print_service_urls: ['http://10.0.0.20:9100/print/', 'http://10.0.0.20:9200/'],
        print_helper_url: 'http://10.0.0.20:9300/',
        conversion_url: 'http://10.0.0.20:9400/',
      },
      { fetch: http.fetch },
    );
    expect(await client.printWord(FILES.slice(0, 1), '登记台针式打印机')).toMatchObject({ ok: true });
    expect(await client.checkPrintControls()).toMatchObject({ missing: [] });
    expect(await client.checkConversionService()).toEqual({ ok: true, data: undefined });
    const sent = new URL(http.calls.find((call) => call.includes('printword'))!);
    expect(sent.origin + sent.pathname).toBe('http://10.0.0.20:9100/print/printword');
    expect(sent.searchParams.get('printer_name')).toBe('登记台针式打印机');
    expect(http.calls.map((call) => new URL(call).port)).toEqual(expect.arrayContaining(['9300', '9400']));
    expect(http.calls.filter((call) => /:(8000|18000|7832|5080)\//.test(call))).toEqual([]);
  });

  it('falls back to the second configured address when the first does not answer', async () => {
    const http = fakeFetch((url) => (url.port === '9200' ? UP : REFUSED));
    const client = new LocalPrintClient({
      fetch: http.fetch,
      printServiceUrls: ['http://10.0.0.20:9100/', 'http://10.0.0.21:9200'],
    });
    expect(await client.findPrintService()).toEqual({ ok: true, data: 'http://10.0.0.21:9200/' });
  });

  it('sends word_list and printer_name, and says all N printed', async () => {
    const { client, http } = setup([8000], () => perFile(1, '1', 1));
    const result = await client.printWord(FILES, '报告打印机');
    expect(result).toMatchObject({
      ok: true,
      data: {
        total: 3,
        report_success_count: 3,
        report_error_count: 0,
        level: 'success',
        message: '共3份，全部打印成功',
      },
    });
    const sent = new URL(http.calls.at(-1)!);
    expect(sent.pathname).toBe('/printword');
    expect(JSON.parse(sent.searchParams.get('word_list')!)).toEqual(FILES);
    expect(sent.searchParams.get('printer_name')).toBe('报告打印机');
  });

  it('counts a partial batch and an all-failed batch', async () => {
    const partial = await setup([8000], () => perFile(1, 0, 1)).client.printWord(FILES);
    expect(partial).toMatchObject({ data: { level: 'warning', message: '共3份，成功2份，失败1份' } });
    expect(partial.ok && partial.data.files[1]).toEqual({ file: FILES[1], ok: false, message: '打印失败' });
    const none = await setup([8000], () => perFile(0, 0)).client.printWord(FILES.slice(0, 2));
    expect(none).toMatchObject({ data: { level: 'error', report_error_count: 2, message: '共2份，全部打印失败' } });
  });

  it('counts files the service did not answer for as failed', async () => {
    const result = await setup([8000], () => perFile(1)).client.printWord(FILES);
    expect(result).toMatchObject({ data: { report_success_count: 1, message: '共3份，成功1份，失败2份' } });
  });

  it('reports a malformed answer, a refusal with its message, and an HTTP failure', async () => {
    const malformed = { ok: false, error: 'malformed', message: '本地打印服务返回的数据格式不正确' };
    expect(await setup([8000], () => text('<html/>')).client.printWord(FILES)).toEqual(malformed);
    expect(await setup([8000], () => json({ status: true, data: 'done' })).client.printWord(FILES)).toEqual(malformed);
    const refused = await setup([8000], () => json({ status: false, msg: '打印机缺纸' })).client.printWord(FILES);
    expect(refused).toEqual({ ok: false, error: 'print_failed', message: '打印失败：打印机缺纸' });
    const http = await setup([8000], () => text('', 502)).client.printWord(FILES);
    expect(http).toEqual({ ok: false, error: 'print_failed', message: '打印失败：状态码 502' });
  });

  it('refuses an empty batch without calling the service', async () => {
    const { client, http } = setup([8000]);
    expect(await client.printWord([])).toEqual({ ok: false, error: 'no_files', message: '没有需要打印的文件' });
    expect(http.calls).toEqual([]);
  });

  it('previews through the service and tells the staff where to look', async () => {
    const { client, http } = setup([8000], () => json({ status: true, msg: '已打开预览' }));
    expect(await client.preview('http://bff/report/a.docx')).toEqual({
      ok: true,
      data: '预览成功，请在打开的 Office 查看器中查看报告',
    });
    expect(new URL(http.calls.at(-1)!).searchParams.get('url')).toBe('http://bff/report/a.docx');
    expect(await setup([]).client.preview('x')).toEqual({
      ok: false,
      error: 'preview_service_down',
      message: '预览服务未启动',
    });
    const failed = await setup([8000], () => json({ status: false, msg: '文件不存在' })).client.preview('x');
    expect(failed).toEqual({ ok: false, error: 'preview_failed', message: '报告预览失败：文件不存在' });
  });

  it('downloads the files as pdf when the print service is down', async () => {
    const download = vi.fn();
    const { client } = setup([], undefined, { download });
    expect(await client.printOrDownload(FILES.slice(0, 2))).toEqual({
      ok: true,
      data: { kind: 'downloaded', count: 2, message: '本地打印服务未启动，已改为下载2个PDF文件' },
    });
    expect(download.mock.calls.map(([file]) => file)).toEqual([
      { url: FILES[0], fileName: 'a.pdf', format: 'pdf' },
      { url: FILES[1], fileName: 'b.pdf', format: 'pdf' },
    ]);
  });

  it('downloads docx when asked, and names files without a name', async () => {
    const download = vi.fn();
    const { client } = setup([], undefined, { download });
    const result = await client.printOrDownload(['http://bff/report/'], { format: 'docx' });
    expect(result).toMatchObject({ data: { message: '本地打印服务未启动，已改为下载1个Word文件' } });
    expect(download).toHaveBeenCalledWith({ url: 'http://bff/report/', fileName: '报告1.docx', format: 'docx' });
  });

  it('says the download failed, or that the service is down when nothing can download', async () => {
    const download = vi.fn().mockRejectedValue(new Error('disk full'));
    expect(await setup([], undefined, { download }).client.printOrDownload(FILES)).toEqual({
      ok: false,
      error: 'download_failed',
      message: '下载失败',
    });
    expect(await setup([]).client.printOrDownload(FILES)).toMatchObject({ ok: false, error: 'print_service_down' });
  });

  it('prints when the service is up', async () => {
    const result = await setup([18000], () => perFile(1, 1, 1)).client.printOrDownload(FILES);
    expect(result).toMatchObject({ ok: true, data: { kind: 'printed', batch: { message: '共3份，全部打印成功' } } });
  });

  it('checks the conversion service on 5080', async () => {
    expect(await setup([5080]).client.checkConversionService()).toEqual({ ok: true, data: undefined });
    expect(await setup([]).client.checkConversionService()).toEqual({
      ok: false,
      error: 'conversion_service_down',
      message: '转换服务未启动',
    });
  });
});

describe('print-control check', () => {
  const downloads = { word_control: '/download/word-control.exe', print_service: '/download/print-service.exe' };

  it('finds nothing missing when the print helper and the print service answer', async () => {
    const { client } = setup([7832, 18000]);
    expect(await client.checkPrintControls()).toEqual({ wordControl: true, printService: true, missing: [] });
  });

  it('names each missing control with its warning and download link', async () => {
    const { client } = setup([8000], undefined, { controlDownloads: downloads });
    expect(await client.checkPrintControls()).toEqual({
      wordControl: false,
      printService: true,
      missing: [{ control: 'word_control', message: '未安装或未启动Word控件', downloadUrl: downloads.word_control }],
    });
    const none = await setup([], undefined, { controlDownloads: downloads }).client.checkPrintControls();
    expect(none.missing.map((m) => m.message)).toEqual([
      '未安装或未启动Word控件',
      '本地打印服务未安装（若正在加载请稍候）',
    ]);
  });
});
