import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConversionSim, startPrintHelperSim } from './health-sim.js';
import { parseWordList, startPrintServiceSim, type PrintServiceSim } from './print-sim.js';

const file = (text: string) => `data:text/plain;base64,${Buffer.from(text).toString('base64')}`;

describe('print service simulator', () => {
  let sim: PrintServiceSim;
  const jobsDir = mkdtempSync(path.join(tmpdir(), 'print-sim-'));
  const get = async (query: string) => (await fetch(`${sim.baseUrl}${query}`)).json();

  beforeAll(async () => {
    sim = await startPrintServiceSim({ port: 0, jobsDir });
  });
  afterAll(async () => {
    await sim.close();
    rmSync(jobsDir, { recursive: true, force: true });
  });

  it('answers its health check on the root', async () => {
    expect(await get('')).toEqual({ status: true, msg: '本地打印服务正在运行' });
  });

  it('prints each file of word_list into the jobs folder and answers value 1 per printed file', async () => {
    const words = [file('甲'), 'http://127.0.0.1:1/gone.docx'];
    const answer = await get(`printword?word_list=${encodeURIComponent(JSON.stringify(words))}&printer_name=HP`);
    expect(answer).toMatchObject({
      status: true,
      data: [
        { key: words[0], value: 1, msg: '打印成功' },
        { key: words[1], value: 0, msg: expect.stringContaining('文件获取失败') },
      ],
    });
    const dir = path.join(jobsDir, `port-${sim.port}`, 'job-1');
    expect(readdirSync(dir).sort()).toEqual(['1-file.docx', 'job.json']);
    expect(readFileSync(path.join(dir, '1-file.docx'), 'utf8')).toBe('甲');
    expect(sim.jobs()[0]).toMatchObject({ id: 1, printer_name: 'HP' });
  });

  it('fails the files matching the configured pattern', async () => {
    sim.failFilesMatching('bad');
    const answer = (await get(`printword?word_list=${encodeURIComponent(JSON.stringify([`${file('x')}#bad`]))}`)) as {
      data: { value: number; msg: string }[];
    };
    expect(answer.data).toEqual([expect.objectContaining({ value: 0, msg: '打印机错误' })]);
    sim.failFilesMatching(null);
  });

  it('refuses an empty word_list, and records previews', async () => {
    expect(await get('printword?word_list=')).toEqual({ status: false, msg: 'word_list 不能为空', data: [] });
    expect(await get('preview?url=http%3A%2F%2Fbff%2Fa.docx')).toEqual({ status: true, msg: '已打开预览' });
    expect(await get('preview')).toEqual({ status: false, msg: 'url 不能为空' });
    expect(sim.previews()).toEqual(['http://bff/a.docx']);
  });

  it('reads word_list as a JSON array or a comma-separated list', () => {
    expect(parseWordList('["a,b","c"]')).toEqual(['a,b', 'c']);
    expect(parseWordList(' a , b ,')).toEqual(['a', 'b']);
    expect(parseWordList(null)).toEqual([]);
  });
});

describe('print helper and conversion simulators', () => {
  it('answer their health checks', async () => {
    const helper = await startPrintHelperSim({ port: 0 });
    const conversion = await startConversionSim({ port: 0 });
    try {
      expect(await (await fetch(`http://127.0.0.1:${helper.port}/`)).json()).toEqual({
        status: true,
        msg: 'Word控件正在运行',
      });
      expect(await (await fetch(`http://127.0.0.1:${conversion.port}/`)).json()).toMatchObject({ status: true });
      expect((await fetch(`http://127.0.0.1:${conversion.port}/other`)).status).toBe(404);
    } finally {
      await Promise.all([helper.close(), conversion.close()]);
    }
  });
});
