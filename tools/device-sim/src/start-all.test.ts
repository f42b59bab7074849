import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startDeviceSims } from './start-all.js';

const listening = (port = 0) =>
  new Promise<Server>((resolve) => {
    const server = createServer().listen(port, '127.0.0.1', () => resolve(server));
  });
const portOf = (server: Server) => (server.address() as { port: number }).port;
const free = async () => {
  const server = await listening();
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
};

describe('startDeviceSims', () => {
  it('starts every simulator on the ports given and stops them all', async () => {
    const sims = await startDeviceSims({
      idCardPort: 0,
      fingerprintPort: 0,
      printServicePorts: [0, 0],
      printHelperPort: 0,
      conversionPort: 0,
    });
    const ports = sims.ports();
    expect(ports.printServices).toHaveLength(2);
    const urls = [ports.idCard, ...ports.printServices, ports.printHelper, ports.conversion].map(
      (p) => `http://127.0.0.1:${p}/`,
    );
    for (const url of urls) expect((await fetch(url)).status).toBeLessThan(500);
    await sims.close();
    for (const url of urls) await expect(fetch(url)).rejects.toThrow();
  });

  it('starts none when one port is taken, naming it', async () => {
    const taken = await listening();
    const idCardPort = await free();
    const attempt = startDeviceSims({
      idCardPort,
      fingerprintPort: 0,
      printServicePorts: [0],
      printHelperPort: 0,
      conversionPort: portOf(taken),
    });
    await expect(attempt).rejects.toThrow(`文档转换服务模拟：端口 ${portOf(taken)} 已被占用`);
    const again = await listening(idCardPort);
    await Promise.all([again, taken].map((s) => new Promise((resolve) => s.close(resolve))));
  });
});

describe('npm run devices', () => {
  it('prints its ports and stops cleanly on SIGTERM', async () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main, '--free-ports', '--json'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const ready = await new Promise<{ idCard: number }>((resolve) =>
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('DEVICE_SIM_READY ')) resolve(JSON.parse(line.slice(17)) as { idCard: number });
      }),
    );
    expect((await fetch(`http://127.0.0.1:${ready.idCard}/idcard/clear_info`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    await expect(fetch(`http://127.0.0.1:${ready.idCard}/`)).rejects.toThrow();
  }, 20_000);
});
