import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    files: ['tools/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
