import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { diagnosisResource } from '@checkup/api-contract';
import type { Session } from '../server/session.js';

/** One export through the BFF: how long, how big, and how far each process's memory grew meanwhile. */
export interface ExportRun {
  ms: number;
  bytes: number;
  contentType: string;
  /** Resident set size before the call and its peak during it, in MB, per process. */
  rss: Record<'server' | 'bff', { beforeMb: number; peakMb: number } | null>;
}

const SAMPLE_MS = 5;

/** VmRSS of a process in MB, from /proc (Linux); null elsewhere or once it is gone. */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * GET the 诊断字典 export (every conclusion word, no filter) as the browser's download does, reading
 * the body as it comes; the two processes' RSS is sampled every few milliseconds meanwhile.
 */
export async function measureExport(session: Session, pids: { server?: number; bff?: number }): Promise<ExportRun> {
  const before = { server: rssMb(pids.server), bff: rssMb(pids.bff) };
  const peak = { ...before };
  const sampler = setInterval(() => {
    for (const key of ['server', 'bff'] as const) {
      const now = rssMb(pids[key]);
      if (now !== null && (peak[key] === null || now > peak[key])) peak[key] = now;
    }
  }, SAMPLE_MS);
  const { hostname, port } = new URL(session.origin);
  const started = performance.now();
  try {
    const { bytes, contentType } = await new Promise<{ bytes: number; contentType: string }>((resolve, reject) => {
      const req = http.get(
        { hostname, port, path: diagnosisResource.routes.export.path, headers: { cookie: session.cookie } },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.once('end', () => {
            const contentType = String(res.headers['content-type'] ?? '');
            if (res.statusCode !== 200) reject(new Error(`export: HTTP ${res.statusCode} ${contentType}`));
            else resolve({ bytes, contentType });
          });
          res.once('error', reject);
        },
      );
      req.setTimeout(60_000, () => req.destroy(new Error('export: no answer within 60 s')));
      req.once('error', reject);
    });
    const ms = performance.now() - started;
    const rssOf = (key: 'server' | 'bff') =>
      before[key] === null ? null : { beforeMb: before[key], peakMb: Math.max(before[key], peak[key] ?? 0) };
    return { ms, bytes, contentType, rss: { server: rssOf('server'), bff: rssOf('bff') } };
  } finally {
    clearInterval(sampler);
  }
}
