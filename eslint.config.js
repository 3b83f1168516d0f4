import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { webBoundaryZones } from './eslint/web-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Feature boundaries (decision 0073): a feature imports shared code (components/, lib/) and
    // its own files, never another feature; only app/ composes features.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        { basePath: webBoundaryZones.basePath, zones: webBoundaryZones.zones },
      ],
      // The boundary rule skips a path it cannot resolve, so an unresolved relative path is an
      // error. Packages are left to TypeScript: the node resolver does not read `exports`.
      'import/no-unresolved': ['error', { ignore: ['^[^.]'] }],
    },
  },
  {
    // config.ts is the one module that reads the environment (ARCHITECTURE.md).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
  {
    // The web loads these: classic zod would add its method chains, JSON-schema processors and
    // English locale (about 15 KB gzipped) to every form route (docs/performance.md).
    files: ['packages/shared/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Use 'zod/mini' (the functional API) in shared and web code." },
          ],
        },
      ],
    },
  },
  {
    // Money is integer kobo: floats are a defect outside the web's display code.
    files: ['apps/api/src/**/*.ts', 'packages/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Money is integer kobo; use parseNairaToKobo.' },
      ],
    },
  },
);
