import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { AREAS } from '@checkup/api-contract';
import { launchChromium } from '@checkup/launcher/chromium';

/**
 * bench:web (issue 5): the login route's initial JavaScript, each area's chunk, and the first
 * render of GenericTable with 10,000 rows in Chromium. Sizes are gzip of the production build.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const webRoot = path.join(repoRoot, 'apps/web');
const TARGET_LOGIN_KB = 200;
/** Issue 18: opening any 体检配置 screen downloads at most this much JS beyond the shell. */
const TARGET_SCREEN_KB = 150;
const SCREEN_AREA = 'exam_cfg';
const TARGET_RENDER_MS = 300;
const RENDER_RUNS = 7;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Every JS file a chunk loads before it runs: itself and its static imports, recursively. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

async function gzipKb(outDir: string, files: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const file of files) if (file.endsWith('.js')) bytes += gzipSync(await readFile(path.join(outDir, file))).length;
  return bytes / 1024;
}

/**
 * Each screen of SCREEN_AREA: what opening it downloads once the signed-in shell is there — the area's
 * chunk and the screen's own lazy chunk with their static imports, less the entry and the shell.
 */
async function screenSizes(manifest: Manifest, outDir: string, initial: Set<string>) {
  const shell = closure(manifest, 'src/app/shell/manager-shell.tsx', new Set(initial));
  const areaKey = `src/features/${SCREEN_AREA}/screens.ts`;
  const area = closure(manifest, areaKey);
  const screens: { screen: string; kb: number; files: number }[] = [];
  for (const key of manifest[areaKey]?.dynamicImports ?? []) {
    // A child route's folder sits in its group's (self_defined_template/guide_sheet/index.tsx).
    const screen = key
      .slice(`src/features/${SCREEN_AREA}/`.length)
      .replace(/\/index\.tsx?$/, '')
      .replace(/\.tsx?$/, '');
    const own = [...closure(manifest, key, new Set(area))].filter((f) => !shell.has(f));
    screens.push({ screen, kb: await gzipKb(outDir, own), files: own.length });
  }
  return screens.sort((a, b) => b.kb - a.kb);
}

async function bundleSizes() {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'bench-web-'));
  try {
    await build({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const initial = closure(manifest, entryKey);
    const login = closure(manifest, 'src/features/login/index.tsx', new Set(initial));
    const areas: { area: string; kb: number; files: number }[] = [];
    for (const { area } of AREAS) {
      const key = `src/features/${area}/screens.ts`;
      if (!manifest[key]) continue;
      const own = [...closure(manifest, key)].filter((f) => !login.has(f));
      areas.push({ area, kb: await gzipKb(outDir, own), files: own.length });
    }
    return {
      screens: await screenSizes(manifest, outDir, initial),
      loginKb: await gzipKb(outDir, login),
      loginFiles: login.size,
      entryKb: await gzipKb(outDir, initial),
      areas,
    };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

function serve(dir: string): Promise<Server> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const target = file.endsWith('/') ? path.join(file, 'index.html') : file;
    if (!target.startsWith(dir) || !existsSync(target)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function firstRender(): Promise<number[]> {
  const outDir = path.join(here, '.dist-harness');
  await build({ configFile: path.join(here, 'vite.config.ts'), logLevel: 'warn' });
  const server = await serve(outDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html?rows=10000`;
    const runs: number[] = [];
    // The first load warms the browser's code cache; it is not counted.
    for (let i = 0; i <= RENDER_RUNS; i += 1) {
      await page.goto(url);
      const ms = await page.waitForFunction(() => window.__firstRenderMs, undefined, { timeout: 30_000 });
      const rowsInDom = await page.locator('.ant-table-tbody-virtual .ant-table-row').count();
      if (rowsInDom === 0 || rowsInDom > 200) throw new Error(`virtual table rendered ${rowsInDom} rows`);
      if (i > 0) runs.push((await ms.jsonValue()) as number);
    }
    return runs;
  } finally {
    await browser.close();
    server.close();
  }
}

const line = (met: boolean, text: string) => `${met ? 'MET ' : 'MISS'}  ${text}`;

const sizes = await bundleSizes();
const renders = await firstRender();
const renderMs = median(renders);
console.log(`\nbench:web — ${new Date().toISOString()}\n`);
console.log(
  `login route initial JS   ${sizes.loginKb.toFixed(1)} kB gzip in ${sizes.loginFiles} files (entry alone ${sizes.entryKb.toFixed(1)} kB)`,
);
for (const a of sizes.areas)
  console.log(`area chunk ${a.area.padEnd(14)} ${a.kb.toFixed(1)} kB gzip beyond the login route (${a.files} files)`);
const [largest] = sizes.screens;
for (const s of sizes.screens)
  console.log(
    `${SCREEN_AREA} screen ${s.screen.padEnd(17)} ${s.kb.toFixed(1)} kB gzip beyond the shell (${s.files} files)`,
  );
console.log(
  `GenericTable 10,000 rows first render: median ${renderMs.toFixed(0)} ms of ${renders.length} (${renders.map((r) => r.toFixed(0)).join(', ')})`,
);
console.log('\ntargets');
console.log(
  line(
    sizes.loginKb <= TARGET_LOGIN_KB,
    `login route initial JS ≤ ${TARGET_LOGIN_KB} kB gzip: ${sizes.loginKb.toFixed(1)} kB`,
  ),
);
console.log(
  line(
    renderMs <= TARGET_RENDER_MS,
    `GenericTable 10,000 rows first render ≤ ${TARGET_RENDER_MS} ms: ${renderMs.toFixed(0)} ms`,
  ),
);
console.log(
  largest
    ? line(
        largest.kb <= TARGET_SCREEN_KB,
        `largest ${SCREEN_AREA} screen ≤ ${TARGET_SCREEN_KB} kB gzip beyond the shell: ${largest.screen} ${largest.kb.toFixed(1)} kB`,
      )
    : `n/a   no ${SCREEN_AREA} screen chunk in the build`,
);
const resultsDir = path.join(repoRoot, 'bench/results');
await mkdir(resultsDir, { recursive: true });
const file = path.join(resultsDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(file, JSON.stringify({ sizes, renders, renderMs }, null, 2));
console.log(`\nresults: ${path.relative(repoRoot, file)}`);
