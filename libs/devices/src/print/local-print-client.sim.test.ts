import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, startSimProcess, type SimPorts } from '../test/sim-process.js';
import { LocalPrintClient } from './local-print-client.js';

const file = (text: string) => `data:application/octet-stream;base64,${Buffer.from(text).toString('base64')}`;

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('LocalPrintClient against tools/device-sim', () => {
  let sim: Awaited<ReturnType<typeof startSimProcess>>;
  let ports: SimPorts;
  let down: number;
  const jobsDir = mkdtempSync(path.join(tmpdir(), 'print-jobs-'));

  beforeAll(async () => {
    sim = await startSimProcess(['--jobs-dir', jobsDir]);
    ports = sim.ports;
    down = await closedPort();
  }, 30_000);
  afterAll(async () => {
    await sim?.stop();
    rmSync(jobsDir, { recursive: true, force: true });
  });
  beforeEach(() => control(ports.printServices[0]!, '/sim/fail', {}));

  const at = (port: number) => `http://127.0.0.1:${port}/`;
  const client = (servicePorts = ports.printServices, download?: () => void) =>
    new LocalPrintClient({
      printServiceUrls: servicePorts.map(at),
      printHelperUrl: at(ports.printHelper),
      conversionUrl: at(ports.conversion),
      download,
    });

  it('prints every file, writing each job to the jobs folder', async () => {
    const result = await client().printWord([file('第一份'), file('第二份')], 'P1');
    expect(result).toMatchObject({ ok: true, data: { message: '共2份，全部打印成功', level: 'success' } });
    const job = path.join(jobsDir, `port-${ports.printServices[0]}`, 'job-1');
    expect(JSON.parse(readFileSync(path.join(job, 'job.json'), 'utf8'))).toMatchObject({ printer_name: 'P1' });
    expect(readFileSync(path.join(job, '1-file.docx'), 'utf8')).toBe('第一份');
  });

  it('reports a partial batch', async () => {
    await control(ports.printServices[0]!, '/sim/fail', { match: 'broken' });
    const files = [file('a'), `${file('b')}#broken`, 'http://127.0.0.1:1/missing.docx'];
    const result = await client().printWord(files);
    expect(result).toMatchObject({ ok: true, data: { message: '共3份，成功1份，失败2份', level: 'warning' } });
  });

  it('falls back to the second port, and downloads when no print service answers', async () => {
    expect(await client([down, ports.printServices[1]!]).findPrintService()).toEqual({
      ok: true,
      data: `http://127.0.0.1:${ports.printServices[1]}/`,
    });
    const saved: string[] = [];
    const offline = client([down], () => void saved.push('x'));
    expect(await offline.printOrDownload([file('a')])).toMatchObject({ ok: true, data: { kind: 'downloaded' } });
    expect(await offline.printWord([file('a')])).toMatchObject({ ok: false, message: '打印服务未启动，请启动后重试' });
    expect(saved).toHaveLength(1);
  });

  it('previews a file', async () => {
    expect(await client().preview('http://bff/report.docx')).toMatchObject({ ok: true });
  });

  it('finds the Word control, the print service and the conversion service', async () => {
    expect(await client().checkPrintControls()).toMatchObject({ missing: [] });
    expect(await client().checkConversionService()).toMatchObject({ ok: true });
    const none = new LocalPrintClient({
      printServiceUrls: [at(down)],
      printHelperUrl: at(down),
      conversionUrl: at(down),
    });
    expect((await none.checkPrintControls()).missing).toHaveLength(2);
    expect(await none.checkConversionService()).toMatchObject({ ok: false, message: '转换服务未启动' });
  });
});
