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
    // issue 32, the tiers of the server (fastify/demo): repositories and what sits below them never
    // reach up into the plugins (auth, error handler) or the routes; shared errors live in server/lib.
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                './server/repositories',
                './server/lib',
                './server/services',
                './server/storage',
                './server/jobs',
                './server/schemas',
                './server/db',
              ],
              from: ['./server/plugins', './server/routes'],
              message: 'Below the plugin tier: move what both need to server/lib (issue 32).',
            },
          ],
        },
      ],
    },
  },
  {
    // issue 32: a route reaches a repository as app.<name> (registered in server/repositories/index.ts)
    // and never constructs or registers one; only a repository's list query schema and types are imported.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)repositories/',
              allowImportNamePattern: 'ListQuery$',
              allowTypeImports: true,
              message:
                'Use the decorated repository (app.<name>, server/repositories/index.ts); routes never construct one (issue 32).',
            },
          ],
        },
      ],
    },
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
