import { networkInterfaces } from 'node:os';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@checkup/api-contract';
import path from 'node:path';
import { repoRoot } from './paths.js';
import { startStack } from './stack.js';
import { buildWebIfStale } from './web-build.js';

const started = Date.now();
const bffPort = Number(process.env.BFF_PORT ?? 8080);
const checkupPort = Number(process.env.CHECKUP_PORT ?? 8090);
const kioskPort = Number(process.env.KIOSK_PORT ?? 8081);
/** The staff port serves https when given a certificate (README: https for the camera). */
const scheme = process.env.TLS_CERT_FILE ? 'https' : 'http';

buildWebIfStale();
const stack = await startStack({
  checkupPort,
  bffPort,
  kioskPort,
  dataDir: path.resolve(repoRoot, process.env.DATA_DIR ?? 'data'),
  databaseUrl: process.env.DATABASE_URL,
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  // A new demo database gets 90 days of finished visits, so 统计分析 shows figures at once.
  env: { SEED_HISTORY_DAYS: process.env.SEED_HISTORY_DAYS ?? '90' },
});

const lanUrls = Object.values(networkInterfaces())
  .flat()
  .filter((i) => i && i.family === 'IPv4' && !i.internal)
  .map((i) => `${scheme}://${i!.address}:${bffPort}/`);

console.log(`
体检管理系统已启动（用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒）
  本机访问:   ${scheme}://localhost:${bffPort}/
${lanUrls.map((u) => `  局域网访问: ${u}`).join('\n')}
  自助打印:   http://localhost:${kioskPort}/#/self_print （自助终端专用端口）
  数据库:     ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `内置 PGlite (${path.resolve(repoRoot, process.env.DATA_DIR ?? 'data')})`}

演示账号（密码均为 ${DEMO_PASSWORD}）:
${DEMO_ACCOUNTS.map((a) => `  ${a.account.padEnd(9)} ${a.name}  ${a.duty}`).join('\n')}

按 Ctrl-C 停止。`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('\n正在停止…');
  await stack.stop();
  console.log('已停止。');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
