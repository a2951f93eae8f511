import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code and in-process apps on temporary SQLite files: no yt-dlp, no
 * Chromium, no server processes; `npm run test:unit`, seconds) and `integration` (everything under
 * tests/ that runs real tools, processes and the browser). `vitest run` runs both.
 */
export default defineConfig({
  // Workspace packages resolve to their TypeScript sources in tests (the `source` export
  // condition), both through Vite and through Node's own resolver (plugin loading).
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    execArgv: ['--conditions=source'],
    exclude: ['**/node_modules/**', 'ui/**', 'tests/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'contracts/src/**/*.test.ts',
            'core/src/**/*.test.ts',
            'kit/src/**/*.test.ts',
            'templates/plugin/test/**/*.test.ts',
            'plugins/*/src/**/*.test.ts',
            'tests/architecture/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          // The browser and server-process suites poll what a user would see; on a busy 2-core
          // machine a page can take longer than expect.poll's default second to update.
          expect: { poll: { timeout: 10_000 } },
          exclude: ['**/node_modules/**', 'tests/bench/**', 'tests/architecture/**'],
        },
      },
    ],
  },
});
