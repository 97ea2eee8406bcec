import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      'apps/web/build-*/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'apps/api/src/db/migrations/**',
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
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    languageOptions: { globals: { ...globals.browser } },
    settings: { react: { version: 'detect' } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // The executor is always passed, never defaulted: on PGlite a query outside the open
    // transaction waits for it (a forgotten `tx` deadlocks), on PostgreSQL it silently runs
    // outside the transaction.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // Any default of an `Executor` parameter, and any parameter defaulting to `db`.
          selector:
            "AssignmentPattern:matches([right.type='Identifier'][right.name='db'], [left.typeAnnotation.typeAnnotation.typeName.name='Executor'])",
          message: 'Take the executor as a required parameter and pass `db` or `tx` at the call.',
        },
        {
          // `tx?: Executor`
          selector:
            "Identifier[optional=true][typeAnnotation.typeAnnotation.typeName.name='Executor']",
          message: 'Take the executor as a required parameter and pass `db` or `tx` at the call.',
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['**/test/**', '**/*.test.ts', '**/*.test.tsx', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
