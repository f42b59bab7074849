import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

function hasCjkFont(): boolean {
  try {
    return execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).includes('Noto Sans CJK');
  } catch {
    return false;
  }
}

/** The e2e suite needs Debian Chromium and Noto CJK fonts; install them when root, else fail clearly. */
export function ensureBrowserDeps(): void {
  const missing = [!existsSync(CHROMIUM) && 'chromium', !hasCjkFont() && 'fonts-noto-cjk'].filter((p): p is string =>
    Boolean(p),
  );
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `浏览器测试需要 Debian 软件包 ${missing.join('、')}，但当前用户不是 root，无法自动安装。\n` +
        `请先运行: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  console.log(`正在安装 ${missing.join(' ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} 失败（退出码 ${result.status}）`);
  }
}
