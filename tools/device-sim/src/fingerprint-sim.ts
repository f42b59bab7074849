import { WebSocketServer, type WebSocket } from 'ws';
import { notFound, readJsonObject, sendJson, startHttp, type ListenOptions } from './http-kit.js';
import { SIM_FINGER_IMAGE, simMatchScore, simTemplate } from './fingerprint-templates.js';

/**
 * What the next enrol/capture does. ok: press → lift → press again → template; fail: the same
 * presses, then 50/60; timeout: 8 after the first press; disconnect: the socket drops mid-flow;
 * malformed: a non-JSON message; silent: the device stops answering.
 */
export const FINGER_OUTCOMES = ['ok', 'fail', 'timeout', 'disconnect', 'malformed', 'silent'] as const;
export type FingerOutcome = (typeof FINGER_OUTCOMES)[number];
export interface FingerScript {
  outcome: FingerOutcome;
  /** Templates of the same finger match (score 88), of different fingers do not (12). */
  finger: string;
}

export interface FingerprintSim {
  port: number;
  url: string;
  queueFinger(step?: Partial<FingerScript>): void;
  /** Absent: every connection is refused, as when the device service is not running. */
  setAbsent(absent: boolean): void;
  /** The device was unplugged and plugged back: 151 if it came back, 150 if not. */
  replug(ok: boolean): void;
  state(): { absent: boolean; queued: number; connections: number; commands: string[] };
  close(): Promise<void>;
}

export const FINGERPRINT_SIM_PORT = 21187;
const DEFAULT_SCRIPT: FingerScript = { outcome: 'ok', finger: 'right-index' };

// The device's own words (retmsg); the web shows its own texts per workmsg.
const RETMSG: Record<string, string> = {
  '1': '正在打开设备',
  '2': '请按手指',
  '21': '请再次按手指',
  '3': '请抬起手指',
  '51': '采集成功',
  '50': '采集失败',
  '61': '注册成功',
  '60': '注册失败',
  '8': '操作超时',
  '9': '比对完成',
  '151': '设备已重连',
  '150': '设备重连失败',
};

type Step = string | { workmsg: string; data1?: string; image?: string } | 'TERMINATE' | 'GARBAGE';

function stepsFor(cmd: 'enrol' | 'capture', { outcome, finger }: FingerScript): Step[] {
  const [success, failure] = cmd === 'enrol' ? (['61', '60'] as const) : (['51', '50'] as const);
  const presses = ['1', '2', '3', '21'];
  if (outcome === 'ok') return [...presses, { workmsg: success, data1: simTemplate(finger), image: SIM_FINGER_IMAGE }];
  if (outcome === 'fail') return [...presses, failure];
  if (outcome === 'timeout') return ['1', '2', '8'];
  if (outcome === 'disconnect') return ['1', '2', 'TERMINATE'];
  if (outcome === 'malformed') return ['1', 'GARBAGE'];
  return ['1'];
}

const message = (workmsg: string, extra: Record<string, string> = {}) =>
  JSON.stringify({ workmsg, retmsg: RETMSG[workmsg] ?? '', data1: '', image: '', ...extra });

/** The fingerprint device service (spec §7): WebSocket /fps, commands enrol, capture, match; /sim/* controls over HTTP. */
export async function startFingerprintSim(
  options: Partial<ListenOptions> & { stepDelayMs?: number } = {},
): Promise<FingerprintSim> {
  const stepDelayMs = options.stepDelayMs ?? 400;
  const queue: FingerScript[] = [];
  const commands: string[] = [];
  let absent = false;
  const wss = new WebSocketServer({ noServer: true });

  const play = async (ws: WebSocket, steps: Step[]) => {
    for (const step of steps) {
      await new Promise((resolve) => setTimeout(resolve, stepDelayMs));
      if (ws.readyState !== ws.OPEN) return;
      if (step === 'TERMINATE') return ws.terminate();
      if (step === 'GARBAGE') ws.send('<设备内部错误>');
      else if (typeof step === 'string') ws.send(message(step));
      else ws.send(message(step.workmsg, { data1: step.data1 ?? '', image: step.image ?? '' }));
    }
  };

  wss.on('connection', (ws) => {
    ws.on('message', (raw) => {
      let command: { cmd?: unknown; data1?: unknown; data2?: unknown };
      try {
        command = JSON.parse(String(raw)) as typeof command;
      } catch {
        return;
      }
      commands.push(String(command.cmd));
      if (command.cmd === 'enrol' || command.cmd === 'capture') {
        void play(ws, stepsFor(command.cmd, { ...DEFAULT_SCRIPT, ...queue.shift() }));
      } else if (command.cmd === 'match') {
        ws.send(message('9', { data1: String(simMatchScore(command.data1, command.data2)) }));
      }
    });
  });

  const http = await startHttp(
    '指纹仪模拟',
    { ...options, port: options.port ?? FINGERPRINT_SIM_PORT },
    async (req, url, res) => {
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /sim/fingers') {
        const body = await readJsonObject(req);
        if (body.outcome !== undefined && !FINGER_OUTCOMES.includes(body.outcome as FingerOutcome)) {
          throw new Error(`outcome 应为 ${FINGER_OUTCOMES.join('|')}`);
        }
        sim.queueFinger(body as Partial<FingerScript>);
        return sendJson(res, 200, { queued: queue.length });
      }
      if (route === 'POST /sim/mode') {
        sim.setAbsent((await readJsonObject(req)).mode === 'absent');
        return sendJson(res, 200, { absent });
      }
      if (route === 'POST /sim/replug') {
        sim.replug((await readJsonObject(req)).ok !== false);
        return sendJson(res, 200, { connections: wss.clients.size });
      }
      if (route === 'GET /sim/state') return sendJson(res, 200, sim.state());
      notFound(res);
    },
  );

  http.server.on('upgrade', (req, socket, head) => {
    if (absent || new URL(req.url ?? '/', 'http://sim.local').pathname !== '/fps') {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const sim: FingerprintSim = {
    port: http.port,
    url: `ws://${options.host ?? '127.0.0.1'}:${http.port}/fps`,
    queueFinger: (step = {}) => {
      queue.push({ outcome: step.outcome ?? DEFAULT_SCRIPT.outcome, finger: step.finger ?? DEFAULT_SCRIPT.finger });
    },
    setAbsent: (next) => {
      absent = next;
      if (absent) for (const ws of wss.clients) ws.terminate();
    },
    replug: (ok) => {
      for (const ws of wss.clients) ws.send(message(ok ? '151' : '150'));
    },
    state: () => ({ absent, queued: queue.length, connections: wss.clients.size, commands: [...commands] }),
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await http.close();
    },
  };
  return sim;
}
