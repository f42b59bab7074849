import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { MixRequest } from './mix.js';
import type { Session } from './session.js';

/** Every request of a run, in the order they completed. */
export interface Run {
  /** Index into the mix per request, and its latency in milliseconds. */
  requestIndex: number[];
  latencyMs: number[];
  seconds: number;
  /** Network errors, time-outs, and answers other than HTTP 200 with envelope status 200. */
  failures: number;
  firstFailure: string | null;
}

interface Answer {
  status: number;
  body: string;
}

function get(agent: http.Agent, session: Session, path: string): Promise<Answer> {
  const { hostname, port } = new URL(session.origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        hostname,
        port,
        path,
        headers: { accept: 'application/json', cookie: session.cookie },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.once('error', reject);
      },
    );
    req.once('timeout', () => req.destroy(new Error('timeout after 10 s')));
    req.once('error', reject);
    req.end();
  });
}

/** Whether an answer is a success: HTTP 200 and the {status,data,msg} envelope's status 200. */
function problemOf({ status, body }: Answer): string | null {
  if (status !== 200) return `HTTP ${status}: ${body.slice(0, 200)}`;
  try {
    const envelope = JSON.parse(body) as { status?: unknown };
    return envelope.status === 200 ? null : `envelope ${body.slice(0, 200)}`;
  } catch {
    return `not JSON: ${body.slice(0, 200)}`;
  }
}

/**
 * Closed loop: `connections` clients, each sending its next request as soon as the previous one
 * is answered, walking the mix in order (a shared cursor) until `seconds` have passed. Client n
 * uses session n (round robin when there are fewer), as separate browsers would. The latency of
 * every request is kept, from just before it is written to the end of its answer.
 */
export async function closedLoop(
  sessions: Session[],
  mix: MixRequest[],
  opts: { seconds: number; connections: number },
): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const run: Run = { requestIndex: [], latencyMs: [], seconds: 0, failures: 0, firstFailure: null };
  let cursor = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const client = async (session: Session) => {
    while (performance.now() < deadline) {
      const index = cursor % mix.length;
      cursor += 1;
      const sent = performance.now();
      let problem: string | null;
      try {
        problem = problemOf(await get(agent, session, mix[index]!.path));
      } catch (error) {
        problem = (error as Error).message;
      }
      run.requestIndex.push(index);
      run.latencyMs.push(performance.now() - sent);
      if (problem) {
        run.failures += 1;
        run.firstFailure ??= `${mix[index]!.path} → ${problem}`;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, (_, n) => client(sessions[n % sessions.length]!)));
  run.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return run;
}

/** Each distinct request once, one at a time: that the mix is valid and how many rows each finds. */
export async function probe(
  session: Session,
  mix: MixRequest[],
): Promise<Map<string, { sent: number; found: number }>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const byKind = new Map<string, { sent: number; found: number }>();
  try {
    for (const path of new Set(mix.map((r) => r.path))) {
      const answer = await get(agent, session, path);
      const problem = problemOf(answer);
      if (problem) throw new Error(`${path} → ${problem}`);
      const data = (JSON.parse(answer.body) as { data?: { total?: number } }).data;
      const kind = mix.find((r) => r.path === path)!.kind;
      const counts = byKind.get(kind) ?? { sent: 0, found: 0 };
      counts.sent += 1;
      if (data?.total === undefined || data.total > 0) counts.found += 1;
      byKind.set(kind, counts);
    }
  } finally {
    agent.destroy();
  }
  return byKind;
}
