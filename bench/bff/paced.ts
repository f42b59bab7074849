import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from '../shared/stats.js';
import { cpuMeter, requestSpec, type Sample, type Target, type WorkloadName } from './load.js';

/**
 * Open loop at an even rate: request n is due at start + n/rate, whether or not earlier ones
 * have been answered, and its latency runs from when it was due (no coordinated omission).
 * autocannon's overallRate instead fires each connection's quota for a second in one burst,
 * which measures queueing in the burst rather than the latency a proxy adds.
 */
export async function measurePaced(
  target: Target,
  workload: WorkloadName,
  opts: { seconds: number; connections: number; rate: number },
): Promise<Sample> {
  const spec = requestSpec(workload, target);
  const { hostname, port } = new URL(target.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let failures = 0;
  let settled = 0;
  const cpu = cpuMeter(target);

  const done = new Promise<void>((resolve) => {
    const finish = () => {
      settled += 1;
      if (settled === total) resolve();
    };
    const fire = (due: number) => {
      const body = spec.body?.();
      const req = http.request(
        {
          agent,
          hostname,
          port,
          method: spec.method,
          path: spec.path,
          headers: body ? { ...spec.headers, 'content-length': Buffer.byteLength(body) } : spec.headers,
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          res.once('end', () => {
            latencies.push(performance.now() - due);
            const code = String(res.statusCode);
            statusCodes[code] = (statusCodes[code] ?? 0) + 1;
            if (!res.statusCode || res.statusCode >= 300) failures += 1;
            finish();
          });
        },
      );
      req.once('timeout', () => req.destroy(new Error('timeout')));
      req.once('error', () => {
        failures += 1;
        finish();
      });
      req.end(body);
    };
    const start = performance.now();
    let sent = 0;
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * opts.rate) / 1000));
      for (; sent < due; sent += 1) fire(start + (sent * 1000) / opts.rate);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const began = performance.now();
  await done;
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();

  const sorted = latencies.sort((a, b) => a - b);
  return {
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    ...cpu(sorted.length),
    completed: sorted.length,
    failures: failures + (sorted.length === 0 ? 1 : 0),
    statusCodes,
  };
}
