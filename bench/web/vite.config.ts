import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Builds the GenericTable harness page (harness/) for bench/web/run.ts; output is git-ignored. */
export default defineConfig({
  root: fileURLToPath(new URL('./harness', import.meta.url)),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: fileURLToPath(new URL('./.dist-harness', import.meta.url)), emptyOutDir: true },
});
