import type { ServerResponse } from 'node:http';
import { DEFAULT_CARD_READER_PARAM } from '@checkup/api-contract';
import { notFound, readJsonObject, sendJson, sendText, startHttp, type ListenOptions } from './http-kit.js';
import { simCard, type SimCard } from './sample-cards.js';

/**
 * normal: answers per the protocol; absent: drops every connection (as if nothing listened);
 * timeout: never answers; malformed: answers HTML; retcode1: reports a reader connection problem.
 */
export const ID_CARD_SIM_MODES = ['normal', 'absent', 'timeout', 'malformed', 'retcode1'] as const;
export type IdCardSimMode = (typeof ID_CARD_SIM_MODES)[number];

export interface IdCardSim {
  port: number;
  /** The reader base address, as parameter 0110 holds it (ends with '/'). */
  baseUrl: string;
  queueCard(fields?: Partial<SimCard>): SimCard;
  setMode(mode: IdCardSimMode): void;
  state(): { mode: IdCardSimMode; queued: number; holding: boolean; reads: number; clears: number };
  close(): Promise<void>;
}

/** The reader helper's own port, taken from the default parameter 0110 (http://127.0.0.1:8989/). */
export const ID_CARD_SIM_PORT = Number(new URL(DEFAULT_CARD_READER_PARAM.cardReaderCfg.exe.value).port);

const answer = (code: number, retcode: string, retmsg: string, data: SimCard | null = null) => ({
  code,
  status: code === 0,
  retcode,
  retmsg,
  data,
});

/** The ID-card reader helper (spec §7): GET idcard/clear_info and idcard/get_info/?t=…, plus /sim/* controls. */
export async function startIdCardSim(options: Partial<ListenOptions> = {}): Promise<IdCardSim> {
  let mode: IdCardSimMode = 'normal';
  const queue: SimCard[] = [];
  // Like a real helper, the last card read stays readable until clear_info: that is why clients clear first.
  let lastRead: SimCard | null = null;
  const counts = { reads: 0, clears: 0 };
  const hung = new Set<ServerResponse>();

  const device = (res: ServerResponse, reply: () => void) => {
    if (mode === 'absent') res.socket?.destroy();
    else if (mode === 'timeout') hung.add(res.once('close', () => hung.delete(res)));
    else if (mode === 'malformed') sendText(res, 200, '<html><body>读卡服务内部错误</body></html>', 'text/html');
    else if (mode === 'retcode1') sendJson(res, 200, answer(1, '0x1', '读卡器未连接或端口打开失败'));
    else reply();
  };

  const http = await startHttp(
    '身份证读卡器模拟',
    { ...options, port: options.port ?? ID_CARD_SIM_PORT },
    async (req, url, res) => {
      const route = `${req.method} ${url.pathname.replace(/\/+$/, '')}`;
      if (route === 'GET /idcard/clear_info') {
        counts.clears += 1;
        return device(res, () => {
          lastRead = null;
          sendJson(res, 200, answer(0, '0x0', '清除成功'));
        });
      }
      if (route === 'GET /idcard/get_info') {
        counts.reads += 1;
        return device(res, () => {
          lastRead ??= queue.shift() ?? null;
          const card = lastRead;
          sendJson(res, 200, card ? answer(0, '0x0', '读卡成功', card) : answer(1, '0x2', '请放置身份证'));
        });
      }
      if (route === 'POST /sim/cards')
        return sendJson(res, 200, { queued: queue.push(simCard(await readJsonObject(req))) });
      if (route === 'DELETE /sim/cards') {
        queue.length = 0;
        lastRead = null;
        return sendJson(res, 200, { queued: 0 });
      }
      if (route === 'POST /sim/mode') {
        const next = (await readJsonObject(req)).mode;
        if (!ID_CARD_SIM_MODES.includes(next as IdCardSimMode))
          throw new Error(`mode 应为 ${ID_CARD_SIM_MODES.join('|')}`);
        mode = next as IdCardSimMode;
        return sendJson(res, 200, { mode });
      }
      if (route === 'GET /sim/state') return sendJson(res, 200, sim.state());
      notFound(res);
    },
  );

  const sim: IdCardSim = {
    port: http.port,
    baseUrl: `http://${options.host ?? '127.0.0.1'}:${http.port}/`,
    queueCard: (fields) => {
      const card = simCard(fields);
      queue.push(card);
      return card;
    },
    setMode: (next) => {
      mode = next;
    },
    state: () => ({ mode, queued: queue.length, holding: lastRead !== null, ...counts }),
    close: () => {
      for (const res of hung) res.destroy();
      return http.close();
    },
  };
  return sim;
}
