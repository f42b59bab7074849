import { ensureBrowserDeps } from './browser-deps.js';
import { command, nxTargets, vitest, type SuiteResult } from './suites.js';

/**
 * `npm test`: lint, typecheck, unit, integration and Chromium e2e, in that order, every suite run
 * even when an earlier one failed; ends with one line `N passed, N failed` over all of them.
 */
const results: SuiteResult[] = [];
const notes: string[] = [];

try {
  ensureBrowserDeps();
} catch (err) {
  console.error(`\n${(err as Error).message}`);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL) {
  notes.push('PostgreSQL 集成测试未运行：未设置 TEST_DATABASE_URL（只在内置 PGlite 上运行）。');
}

results.push(command('format', 'npx', ['prettier', '--check', '.']));
results.push(nxTargets(['lint', 'typecheck']));
results.push(nxTargets(['build']));
results.push(vitest('unit-integration', []));
results.push(vitest('e2e', ['--config', 'e2e/vitest.config.ts']));

const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);

console.log('\n━━━ 汇总 ━━━');
for (const r of results) {
  console.log(
    `  ${r.suite.padEnd(18)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped  (${r.seconds.toFixed(1)} s)`,
  );
}
const failures = results.flatMap((r) => (r.failures ?? []).map((line) => `${r.suite}: ${line}`));
if (failures.length > 0) {
  console.log('\n失败的测试:');
  for (const line of failures) console.log(`  ✗ ${line}`);
}
for (const note of notes) console.log(`  注意: ${note}`);
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
