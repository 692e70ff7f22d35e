import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'deploy/aws/cdk.out',
      'node_modules',
      '.data',
      'coverage',
      'test-results',
      'playwright-report',
      'server/db/migrations',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // issue 32: no import cycle in the SPA or the server (type-only imports are erased, so not counted)
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'access/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // spec §2: a 404 on a detail or edit page goes to /404 and nowhere else: pages use DetailShow
    // and ConflictAwareEdit, whose getOne leaves a 404 to the HTTP client (src/common/detailQuery.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/common/DetailShow.tsx', 'src/common/ConflictAwareEdit.tsx', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: ['Show', 'Edit', 'ShowBase', 'EditBase', 'useShowController', 'useEditController'],
              message: 'Use DetailShow or ConflictAwareEdit (src/common): a 404 must lead to /404 only (spec §2).',
            },
          ],
        },
      ],
    },
  },
  {
    // spec §9, §2: every call to the API goes through the one client (src/api/httpClient.ts: 30 s
    // time-out, retries, the 404 rule). Not API calls: runtimeConfig reads /config.json, which names the
    // API the client calls, and localTokenRefresher talks to the Cognito token endpoint.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/api/httpClient.ts',
      'src/config/runtimeConfig.ts',
      'src/providers/localTokenRefresher.ts',
      'src/**/*.test.{ts,tsx}',
      'src/test/**',
    ],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the API through src/api/httpClient.ts (spec §9).' }],
      'no-restricted-properties': [
        'error',
        ...['globalThis', 'window', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: 'Call the API through src/api/httpClient.ts (spec §9).',
        })),
      ],
    },
  },
);
