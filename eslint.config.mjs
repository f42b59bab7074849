import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = 'apps/web/src/features';
const folders = (dir) =>
  readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * STYLE.md habit 13, a screen's folder is its own room (bulletproof-react's zones): a screen of an area
 * (features/<area>/<screen>, an area being a folder with screens.ts) imports from its own folder, its
 * area's shared/ and the session only; so does a page of its own (login, the kiosk, the hall display).
 * What an area's screens share lives in its shared/, which imports no screen. The folders are read
 * here, so a new screen is a room without a line added.
 */
function screenRoomZones() {
  const message =
    "A screen's folder is its own room: move what several screens share to features/<area>/shared/ or libs/ui (STYLE.md habit 13).";
  const zone = (room, ...allowed) => ({
    target: `${FEATURES}/${room}`,
    from: FEATURES,
    except: [`./${room}`, ...allowed.map((a) => `./${a}`)],
    message,
  });
  return folders(FEATURES).flatMap((top) => {
    if (top === 'session') return [];
    if (!existsSync(path.join(import.meta.dirname, FEATURES, top, 'screens.ts'))) return [zone(top, 'session')];
    return folders(`${FEATURES}/${top}`).map((screen) =>
      screen === 'shared' ? zone(`${top}/shared`, 'session') : zone(`${top}/${screen}`, `${top}/shared`, 'session'),
    );
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/.nx/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'bench/web/.dist-*/**',
      'apps/checkup-server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // STYLE.md: each layer imports only downward.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:contract',
              onlyDependOnLibsWithTags: [],
              allowedExternalImports: ['zod', 'dayjs', 'dayjs/*', 'vitest'],
            },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:contract'] },
            { sourceTag: 'type:devices', onlyDependOnLibsWithTags: ['type:contract'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['type:contract'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:ui', 'type:devices', 'type:contract'] },
            { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['type:contract', 'type:tool'] },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['type:tool', 'type:contract'] },
            // A benchmark harness renders shared widgets in a real browser (bench/web).
            { sourceTag: 'type:bench-ui', onlyDependOnLibsWithTags: ['type:ui', 'type:contract', 'type:tool'] },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/web/**/*.{ts,tsx}',
      'libs/ui/**/*.{ts,tsx}',
      'libs/devices/**/*.{ts,tsx}',
      'bench/web/harness/**/*.tsx',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [`${FEATURES}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: screenRoomZones() }],
    },
  },
  {
    files: ['tools/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
