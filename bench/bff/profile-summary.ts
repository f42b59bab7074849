import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: a package, a repo file, or Node's own internals. */
function areaOf(url: string, root: string): string {
  const file = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1]!;
  if (file.startsWith('node:')) return 'node internals';
  if (file.startsWith(root)) return path.relative(root, file);
  return file || '(native / vm)';
}

function top(map: Map<string, number>, total: number, count: number): string[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
}

function summariseOne(profile: CpuProfile, root: string, title: string): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const labelOf = (node: ProfileNode) => {
    const { functionName, url } = node.callFrame;
    return `${functionName || '(anonymous)'}  ${areaOf(url, root)}`;
  };
  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    if (!node || node.callFrame.functionName === '(idle)') return;
    total += us;
    self.set(labelOf(node), (self.get(labelOf(node)) ?? 0) + us);
    const area = areaOf(node.callFrame.url, root);
    areas.set(area, (areas.get(area) ?? 0) + us);
    // Inclusive time of our own code: each repo function on the stack counts once per sample.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!;
      const file = frame.callFrame.url.replace(/^file:\/\//, '');
      if (!file.startsWith(root) || file.includes('node_modules')) continue;
      const label = labelOf(frame);
      if (seen.has(label)) continue;
      seen.add(label);
      inclusive.set(label, (inclusive.get(label) ?? 0) + us);
    }
  });
  return [
    `${title}: ${(total / 1e6).toFixed(1)} s busy`,
    'self time by package / file:',
    ...top(areas, total, 12),
    'self time by function:',
    ...top(self, total, 20),
    'total time (self + callees) of repo functions:',
    ...top(inclusive, total, 20),
  ];
}

function busy(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  return profile.samples.reduce((sum, id, i) => sum + (idle.has(id) ? 0 : (profile.timeDeltas[i] ?? 0)), 0);
}

/** Where the BFF spent its CPU, idle time left out; the loader thread's profiles are skipped. */
export async function summariseProfiles(dir: string, root: string): Promise<string> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) return `no .cpuprofile in ${dir}`;
  const profiles = await Promise.all(
    files.map(async (f) => ({ f, p: JSON.parse(await readFile(path.join(dir, f), 'utf8')) as CpuProfile })),
  );
  // The main thread is the busiest one (tsx's loader runs in a worker thread).
  const [main] = profiles.sort((a, b) => busy(b.p) - busy(a.p));
  return summariseOne(main!.p, root, path.join(dir, main!.f)).join('\n');
}
