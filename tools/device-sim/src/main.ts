import { parseArgs } from 'node:util';
import { startDeviceSims, type DeviceSimOptions } from './start-all.js';

/**
 * `npm run devices`: every device simulator on the spec's ports until Ctrl-C / SIGTERM.
 * `--free-ports --json` (tests) puts each on a free port and prints `DEVICE_SIM_READY {ports…}`.
 */
const { values } = parseArgs({
  options: {
    host: { type: 'string' },
    'id-card-port': { type: 'string' },
    'fingerprint-port': { type: 'string' },
    'print-ports': { type: 'string' },
    'helper-port': { type: 'string' },
    'conversion-port': { type: 'string' },
    'jobs-dir': { type: 'string' },
    'step-delay': { type: 'string' },
    'free-ports': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});

const free = values['free-ports'];
const port = (flag: string | undefined) => (free ? 0 : flag === undefined ? undefined : Number(flag));
const options: DeviceSimOptions = {
  host: values.host,
  idCardPort: port(values['id-card-port']),
  fingerprintPort: port(values['fingerprint-port']),
  printServicePorts: free ? [0, 0] : values['print-ports']?.split(',').map(Number),
  printHelperPort: port(values['helper-port']),
  conversionPort: port(values['conversion-port']),
  jobsDir: values['jobs-dir'],
  stepDelayMs: values['step-delay'] === undefined ? undefined : Number(values['step-delay']),
};

let sims: Awaited<ReturnType<typeof startDeviceSims>>;
try {
  sims = await startDeviceSims(options);
} catch (err) {
  console.error(`设备模拟器启动失败：${(err as Error).message}`);
  process.exit(1);
}

const ports = sims.ports();
const host = options.host ?? '127.0.0.1';
if (values.json) {
  console.log(`DEVICE_SIM_READY ${JSON.stringify({ host, ...ports, jobsDir: sims.jobsDir })}`);
} else {
  console.log(`设备模拟器已启动（说明见 tools/device-sim/README.md）
  身份证读卡器  http://${host}:${ports.idCard}/        放卡: curl -X POST http://${host}:${ports.idCard}/sim/cards -d '{}'
  指纹仪        ws://${host}:${ports.fingerprint}/fps  控制: http://${host}:${ports.fingerprint}/sim/fingers
  本地打印服务  ${ports.printServices.map((p) => `http://${host}:${p}/`).join('  ')}
  打印助手      http://${host}:${ports.printHelper}/
  转换服务      http://${host}:${ports.conversion}/
  打印任务目录  ${sims.jobsDir}

按 Ctrl-C 停止。`);
}

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await sims.close();
  if (!values.json) console.log('设备模拟器已停止。');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
// `npm run devices` runs us under `sh -c`; a SIGTERM to npm ends that shell but not us, so we also
// stop when our parent goes away instead of keeping the device ports taken.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) void shutdown();
}, 500).unref();
