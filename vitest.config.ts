import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['contracts/src/**/*.test.ts', 'core/src/**/*.test.ts', 'plugins/*/src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'ui/**', 'tests/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
