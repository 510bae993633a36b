import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      // Deliberate defects that scripts/lint-rules.test.ts lints to prove the rules fire.
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
      // The files import-x reads to follow imports; its default (.js, .mjs, .cjs) leaves out
      // every TypeScript file, so no-cycle found nothing to follow and never fired.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Fastify plugins and hooks are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
      // react-router's loaders throw the Response that `redirect()` makes.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'lib', name: 'Response' }] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/server/**/*.ts', 'e2e/**/*.ts', 'packages/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Import direction: shared (lib, components) → features → app; features never import
      // each other (bulletproof-react). Lint enforces it so the layout cannot rot silently.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              // line-health holds what the gateway status and WAN statistics screens share
              // (their timespan range and refresh): both may import it.
              except: [...new Set([`./${feature}`, './line-health'])],
              message:
                'Features do not import each other; move the shared piece to lib or components.',
            })),
            {
              target: [
                './apps/web/src/lib',
                './apps/web/src/components',
                './apps/web/src/features',
              ],
              from: './apps/web/src/app',
              message: 'Only the app layer composes the app.',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: './apps/web/src/features',
              message: 'Shared code does not depend on features.',
            },
            {
              target: [
                './apps/server/src/modules',
                './apps/server/src/telemetry',
                './apps/server/src/jobs',
              ],
              from: ['./apps/server/src/ingest', './apps/server/src/cwmp'],
              message:
                'The read side reads the store through telemetry/, never the collector or the ACS (DESIGN.md section 3).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON answers (`response.json()`) and assert on their shape.
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/**'] }],
    },
  },
  prettier,
);
