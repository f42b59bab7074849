import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { RenderTask } from './render-worker.js';

export interface ReportRenderPool {
  readonly threads: number;
  render(task: RenderTask): Promise<Buffer>;
  close(): Promise<void>;
}

// Run from the TypeScript sources (npm start, tests), the worker loads them through tsx as the main thread does.
const fromSources = import.meta.url.endsWith('.ts');
const WORKER = new URL(fromSources ? './render-worker.ts' : './render-worker.js', import.meta.url);
const execArgv =
  fromSources && !process.execArgv.includes('tsx') ? [...process.execArgv, '--import', 'tsx'] : undefined;

/**
 * Report PDFs laid out in worker threads (piscina), off the thread that answers requests: one per
 * core by default, started on the first report and stopped after a minute without one.
 */
export function createReportRenderPool(threads = availableParallelism()): ReportRenderPool {
  let pool: Piscina | undefined;
  const started = () =>
    (pool ??= new Piscina({
      filename: WORKER.href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      execArgv,
    }));
  return {
    threads,
    async render(task) {
      const pdf = (await started().run(task)) as Uint8Array;
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    async close() {
      await pool?.destroy();
    },
  };
}
