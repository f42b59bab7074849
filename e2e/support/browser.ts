import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
export { launchChromium } from '@checkup/launcher/chromium';

export const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url));

export function screenshotPath(name: string): string {
  mkdirSync(artifactsDir, { recursive: true });
  return path.join(artifactsDir, `${name}.png`);
}
