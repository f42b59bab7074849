import { defineConfig } from 'vitest/config';

/** Unit and integration suites; the Chromium e2e suite has its own config in e2e/. */
export default defineConfig({
  test: {
    // vitest leaves one core to itself by default, which on the 2-core CI machine runs every file in
    // turn; the PGlite suites are CPU-bound in their worker, so two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'libs/*/src/**/*.test.ts',
            'apps/{bff,checkup-server}/src/**/*.test.ts',
            'tools/*/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'libs/ui/src/**/*.test.tsx', 'libs/devices/src/**/*.test.tsx'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          // antd's forms, selects and tables render slowly under jsdom on a busy machine: a whole-screen
          // test took 20–38 s in the fresh-clone runs of this machine (接口错误日志, 短信管理), 30 s was too tight.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/*/test/**/*.test.ts'],
          // One migrated and seeded database per kind, copied for each file that asks for one.
          globalSetup: ['apps/checkup-server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
