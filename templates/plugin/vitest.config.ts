import { defineConfig } from 'vitest/config';

/**
 * `npm test` in this folder: runs the tests against the vidkeep this folder sits in, from its
 * TypeScript sources (the `source` export condition), as vidkeep's own tests do.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { execArgv: ['--conditions=source'], pool: 'forks', testTimeout: 30_000, hookTimeout: 30_000 },
});
