import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { notFound, readJsonObject, sendJson, startHttp, type ListenOptions } from './http-kit.js';

export interface PrintJobFile {
  url: string;
  /** 1 printed, 0 failed (spec §7: value 1 means success). */
  value: 0 | 1;
  msg: string;
  savedAs?: string;
}
export interface PrintJob {
  id: number;
  printer_name: string;
  files: PrintJobFile[];
}

export interface PrintServiceSim {
  port: number;
  baseUrl: string;
  jobs(): PrintJob[];
  previews(): string[];
  /** Files whose address contains this text fail (null: only files that cannot be fetched fail). */
  failFilesMatching(text: string | null): void;
  close(): Promise<void>;
}

export const PRINT_SERVICE_SIM_PORTS = [8000, 18000] as const;

/** word_list is a JSON array of file addresses; a comma-separated list is accepted too. */
export function parseWordList(raw: string | null): string[] {
  const text = raw?.trim() ?? '';
  if (!text) return [];
  if (text.startsWith('[')) {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.map(String) : [];
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

async function fetchFile(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`下载失败，状态码 ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const fileNameOf = (url: string, index: number) => {
  const last = url.startsWith('data:') ? '' : decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return `${index + 1}-${last.replace(/[^\p{L}\p{N}._-]/gu, '_') || 'file.docx'}`;
};

/**
 * The local print service (spec §7): GET / (health), GET /printword?word_list=…&printer_name=… which
 * fetches each file and "prints" it into jobsDir/job-N/, answering per file; GET /preview?url=….
 */
export async function startPrintServiceSim(
  options: Partial<ListenOptions> & { jobsDir: string },
): Promise<PrintServiceSim> {
  const jobs: PrintJob[] = [];
  const previews: string[] = [];
  let failPattern: string | null = null;

  const printOne = async (url: string, index: number, dir: string): Promise<PrintJobFile> => {
    if (failPattern !== null && url.includes(failPattern)) return { url, value: 0, msg: '打印机错误' };
    try {
      const savedAs = path.join(dir, fileNameOf(url, index));
      await writeFile(savedAs, await fetchFile(url));
      return { url, value: 1, msg: '打印成功', savedAs };
    } catch (err) {
      return { url, value: 0, msg: `文件获取失败：${(err as Error).message}` };
    }
  };

  const http = await startHttp(
    '本地打印服务模拟',
    { ...options, port: options.port ?? PRINT_SERVICE_SIM_PORTS[0] },
    async (req, url, res) => {
      const route = `${req.method} ${url.pathname}`;
      if (route === 'GET /') return sendJson(res, 200, { status: true, msg: '本地打印服务正在运行' });
      if (route === 'GET /printword') {
        const words = parseWordList(url.searchParams.get('word_list'));
        if (words.length === 0) return sendJson(res, 200, { status: false, msg: 'word_list 不能为空', data: [] });
        const job: PrintJob = {
          id: jobs.length + 1,
          printer_name: url.searchParams.get('printer_name') ?? '',
          files: [],
        };
        const dir = path.join(options.jobsDir, `port-${http.port}`, `job-${job.id}`);
        await mkdir(dir, { recursive: true });
        job.files = await Promise.all(words.map((word, i) => printOne(word, i, dir)));
        jobs.push(job);
        await writeFile(path.join(dir, 'job.json'), JSON.stringify(job, null, 2));
        const data = job.files.map((f) => ({ key: f.url, value: f.value, msg: f.msg }));
        return sendJson(res, 200, { status: true, msg: '打印任务已处理', data });
      }
      if (route === 'GET /preview') {
        const target = url.searchParams.get('url');
        if (!target) return sendJson(res, 200, { status: false, msg: 'url 不能为空' });
        previews.push(target);
        return sendJson(res, 200, { status: true, msg: '已打开预览' });
      }
      if (route === 'GET /sim/jobs') return sendJson(res, 200, { jobs, previews });
      if (route === 'POST /sim/fail') {
        const match = (await readJsonObject(req)).match;
        failPattern = typeof match === 'string' && match ? match : null;
        return sendJson(res, 200, { failPattern });
      }
      notFound(res);
    },
  );

  return {
    port: http.port,
    baseUrl: `http://${options.host ?? '127.0.0.1'}:${http.port}/`,
    jobs: () => jobs,
    previews: () => previews,
    failFilesMatching: (text) => {
      failPattern = text;
    },
    close: () => http.close(),
  };
}
