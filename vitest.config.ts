import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources in tests (the `source` export
  // condition), both through Vite and through Node's own resolver (plugin loading).
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    execArgv: ['--conditions=source'],
    include: [
      'contracts/src/**/*.test.ts',
      'core/src/**/*.test.ts',
      'plugins/*/src/**/*.test.ts',
      'tests/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'ui/**', 'tests/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
