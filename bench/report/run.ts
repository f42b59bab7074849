import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_LABELS, type DatabaseKind } from '../server/databases.js';
import { installCleanup, removeOnExit, repoRoot, stopAll } from '../shared/processes.js';
import { median } from '../shared/stats.js';
import { measure, p95, type ReportRun } from './measure.js';
import { log, options, TARGETS } from './options.js';
import { prepareTarget } from './prepare.js';

const verdict = (ok: boolean | null) => (ok === null ? 'n/a' : ok ? 'met' : 'MISSED');

function lines(kind: DatabaseKind, run: ReportRun): string[] {
  const single = median(run.singleMs);
  const idle = p95(run.idleListMs);
  const during = p95(run.batchListMs);
  const growth = run.rssIdleMb !== null && run.rssPeakMb !== null ? run.rssPeakMb - run.rssIdleMb : null;
  const label = DATABASE_LABELS[kind].padEnd(10);
  return [
    `${label} one report PDF (${run.pages} pages, ${(run.pdfBytes / 1024).toFixed(0)} kB): median ${single.toFixed(0)} ms (target ≤ ${TARGETS.singleMs}) ${verdict(single <= TARGETS.singleMs)}; server CPU ${run.singleCpuMs?.toFixed(0) ?? '?'} ms a report`,
    `${label} ${options.reports} reports in one batch: ${run.batchSeconds === null ? 'did not finish' : `${run.batchSeconds.toFixed(1)} s`} (target ≤ ${TARGETS.batchSeconds}), ${run.batchFailed} failed ${verdict(run.batchSeconds !== null && run.batchSeconds <= TARGETS.batchSeconds)}`,
    `${label} server RSS: idle ${run.rssIdleMb?.toFixed(0) ?? '?'} MB, peak ${run.rssPeakMb?.toFixed(0) ?? '?'} MB, growth ${growth?.toFixed(0) ?? '?'} MB (target ≤ ${TARGETS.rssGrowthMb}) ${verdict(growth === null ? null : growth <= TARGETS.rssGrowthMb)}`,
    `${label} report_list p95: idle ${idle.toFixed(1)} ms (${run.idleListMs.length} calls), during the batch ${during.toFixed(1)} ms (${run.batchListMs.length} calls), ratio ${(during / idle).toFixed(2)} (target ≤ ${TARGETS.listP95Ratio}) ${verdict(during / idle <= TARGETS.listP95Ratio)}`,
  ];
}

/**
 * bench:report (issue 20): one report PDF, then a company's reports batch-printed in worker threads
 * while a list call keeps being answered, on PGlite and PostgreSQL; figures from this one run.
 */
async function main() {
  installCleanup();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bench-report-'));
  removeOnExit(tempDir);
  log(
    `bench:report on ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const results: { kind: DatabaseKind; run: ReportRun }[] = [];
  for (const kind of options.databases) {
    const target = await prepareTarget(kind, tempDir);
    if ('skipped' in target) continue;
    results.push({ kind, run: await measure(target) });
    await target.stop();
  }
  console.log('');
  for (const { kind, run } of results) console.log(lines(kind, run).join('\n'));
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const dir = path.join(repoRoot, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `report-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, JSON.stringify({ options, results }, null, 2));
  log(`results: ${path.relative(repoRoot, file)}`);
}

main().then(
  () => stopAll().then(() => process.exit(0)),
  async (error: unknown) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  },
);
