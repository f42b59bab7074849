import autocannon from 'autocannon';
import { cpuSeconds } from '../shared/processes.js';
import { CACHED_URL, ORDER_LIST_URL, ORDER_SAVE_URL, orderForm } from './fixtures.js';

export type WorkloadName = 'get' | 'post' | 'cached';

export const WORKLOADS: Record<WorkloadName, string> = {
  get: `GET ${ORDER_LIST_URL}`,
  post: `POST ${ORDER_SAVE_URL} (~150-byte form, unique per request)`,
  cached: `GET ${CACHED_URL}`,
};

export interface Target {
  /** http://127.0.0.1:port */
  origin: string;
  /** The BFF session cookie; sent to every contender so each parses the same headers. */
  cookie: string;
  /** Processes whose CPU time is charged to the requests: the contender's and the upstream's. */
  pid?: number;
  upstreamPid?: number;
  /** The contender's Prometheus metrics (the BFF's), read for its garbage collections. */
  metricsUrl?: string;
}

export interface Sample {
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** CPU microseconds per completed request, of the contender and of the upstream (Linux only). */
  cpuUs: number | null;
  upstreamCpuUs: number | null;
  /**
   * Full (mark-compact) collections of the contender per 10,000 requests, from its metrics; null
   * where it has none. Each pauses it for milliseconds and, with its helper threads on the same
   * CPU, slows it for longer: it shows in p99 at a fixed rate.
   */
  majorGcPer10k?: number | null;
  completed: number;
  /** Errors, timeouts and answers other than 2xx; a sample with any is not trusted. */
  failures: number;
  statusCodes: Record<string, number>;
}

let serial = 0;

/** One workload's request; `body` gives a fresh body per request when there is one. */
export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: (() => string) | null;
}

export function requestSpec(workload: WorkloadName, target: Target): RequestSpec {
  const headers = { accept: 'application/json', cookie: target.cookie, origin: target.origin };
  if (workload === 'post') {
    return {
      method: 'POST',
      path: ORDER_SAVE_URL,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: () => orderForm((serial += 1)),
    };
  }
  return { method: 'GET', path: workload === 'get' ? ORDER_LIST_URL : CACHED_URL, headers, body: null };
}

/** Starts counting CPU time; the returned function gives µs per request for `completed` requests. */
export function cpuMeter(target: Target): (completed: number) => Pick<Sample, 'cpuUs' | 'upstreamCpuUs'> {
  const pids = [target.pid, target.upstreamPid];
  const before = pids.map(cpuSeconds);
  return (completed) => {
    const perRequest = (i: number) => {
      const [start, end] = [before[i], cpuSeconds(pids[i])];
      if (start == null || end == null || completed === 0) return null;
      return ((end - start) * 1e6) / completed;
    };
    return { cpuUs: perRequest(0), upstreamCpuUs: perRequest(1) };
  };
}

const MAJOR_GC_COUNT = /^bff_nodejs_gc_duration_seconds_count\{kind="major"\} (\d+)/m;

async function majorGcCount(metricsUrl: string): Promise<number | null> {
  try {
    const res = await fetch(metricsUrl);
    const text = await res.text();
    const match = MAJOR_GC_COUNT.exec(text);
    // The series appears with the first full collection; without the metric at all, nothing is known.
    if (match) return Number(match[1]);
    return text.includes('# TYPE bff_nodejs_gc_duration_seconds histogram') ? 0 : null;
  } catch {
    return null;
  }
}

/** Starts counting full collections; the returned function gives them per 10,000 `completed` requests. */
export async function gcMeter(target: Target): Promise<(completed: number) => Promise<number | null>> {
  const url = target.metricsUrl;
  const before = url ? await majorGcCount(url) : null;
  return async (completed) => {
    if (!url || before === null || completed === 0) return null;
    const after = await majorGcCount(url);
    return after === null ? null : ((after - before) * 10_000) / completed;
  };
}

/**
 * autocannon, closed loop. With `overallRate` each connection sends its share of a second
 * back to back, then waits for the next second: bursts, not an even rate (see paced.ts).
 */
export async function measure(
  target: Target,
  workload: WorkloadName,
  opts: { seconds: number; connections: number; overallRate?: number },
): Promise<Sample> {
  const spec = requestSpec(workload, target);
  const { body } = spec;
  const request: autocannon.Request = {
    method: spec.method,
    path: spec.path,
    headers: spec.headers,
    ...(body ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: body() }) } : {}),
  };
  const cpu = cpuMeter(target);
  const result = await autocannon({
    url: target.origin,
    connections: opts.connections,
    pipelining: 1,
    duration: opts.seconds,
    timeout: 10,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    requests: [request],
  });
  const completed = result.requests.total;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  return {
    rps: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ...cpu(completed),
    completed,
    // A run that completed nothing (server gone, bad option) must not pass for a quiet one.
    failures: result.errors + result.timeouts + result.non2xx + (completed === 0 ? 1 : 0),
    statusCodes,
  };
}
