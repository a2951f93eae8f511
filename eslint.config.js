// @ts-check
// One lint configuration for the whole repository: the server (contracts, core, plugins,
// migrations, tests) with typescript-eslint, and the Angular UI with angular-eslint including
// its template accessibility rules. Formatting is Prettier's job (eslint-config-prettier turns
// the stylistic rules off). Dependency rules between packages live in tests/architecture.
import js from '@eslint/js';
import angular from 'angular-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'ui/.angular/**',
      'tests/artifacts/**',
      '.cache/**',
      'tests/fixtures/plugins/broken-*',
    ],
  },
  {
    files: ['**/*.{ts,mts,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@sinclair/typebox'], message: 'Use typebox through @vidkeep/contracts.' }] },
      ],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['ui/src/**/*.ts'],
    extends: [...angular.configs.tsRecommended],
    processor: angular.processInlineTemplates,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@angular-eslint/component-selector': ['error', { type: 'element', prefix: 'app', style: 'kebab-case' }],
      '@angular-eslint/directive-selector': ['error', { type: 'attribute', prefix: 'app', style: 'camelCase' }],
    },
  },
  {
    files: ['ui/src/**/*.html'],
    extends: [...angular.configs.templateRecommended, ...angular.configs.templateAccessibility],
  },
  {
    // Tests read JSON answers of many shapes; `any` there is the honest type of a parsed body.
    files: ['tests/**/*.ts', '**/*.test.ts', 'ui/src/**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
