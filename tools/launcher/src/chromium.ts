import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian Chromium, headless, with the flags this machine needs (DEVELOPERS.md); e2e and bench share it.
 * It keeps China time, as the centre's own machines do: the screens take "today" from the browser, the
 * server its day from Asia/Shanghai, and a UTC browser would be a day behind from 00:00 to 08:00 there.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`找不到 Chromium：${CHROMIUM_PATH}（npm test 会自动安装）`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    env: { ...process.env, TZ: 'Asia/Shanghai' },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}
