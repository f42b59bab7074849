import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface SimPorts {
  host: string;
  idCard: number;
  fingerprint: number;
  printServices: number[];
  printHelper: number;
  conversion: number;
  jobsDir: string;
}

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * tools/device-sim as the browser meets it: a separate process on free ports. It is run, not
 * imported, because libs/devices may depend on nothing of ours but the contract.
 */
export async function startSimProcess(extraArgs: string[] = []): Promise<{ ports: SimPorts; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tools/device-sim/src/main.ts', '--free-ports', '--json', '--step-delay', '5', ...extraArgs],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ports = await new Promise<SimPorts>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`device-sim exited early (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('DEVICE_SIM_READY ')) resolve(JSON.parse(line.slice('DEVICE_SIM_READY '.length)) as SimPorts);
    });
  });
  return {
    ports,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** POST to a simulator's /sim control API. */
export async function control(port: number, path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}
