import { delimiter } from 'node:path';
import { defineConfig } from 'vitest/config';
import { currentYtDlpBin, FLOOR_YTDLP } from './tests/setup-ytdlp.mjs';

/**
 * Three projects: `unit` (pure code and in-process apps on temporary SQLite files: no yt-dlp, no
 * Chromium, no server processes; `npm run test:unit`, seconds), `integration` (everything under
 * tests/ that runs real tools, processes and the browser, with the current yt-dlp of
 * tests/ytdlp-version.txt first on PATH) and `floor` (the yt-dlp suites again with Debian's
 * yt-dlp, the oldest release vidkeep supports). `vitest run` runs all three; the global setup
 * installs the pinned yt-dlp once (tests/setup-ytdlp.mjs).
 */
const withoutCurrent = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => !dir.includes('/.cache/yt-dlp/'))
  .join(delimiter);
const CURRENT_PATH = [currentYtDlpBin(), withoutCurrent].join(delimiter);
const FLOOR_PATH = ['/usr/bin', withoutCurrent].join(delimiter);
/** The suites that run a second time against the floor: the yt-dlp contract and the main download paths. */
const FLOOR_FILES = [
  'tests/fakes/platform/platform.test.ts',
  'tests/integration/ytdlp/compatibility.test.ts',
  'tests/integration/downloader/download.test.ts',
  'tests/integration/downloader/formats-and-failures.test.ts',
  'tests/integration/channels/downloads.test.ts',
];
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
            'libs/*/src/**/*.test.ts',
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
          globalSetup: ['tests/ytdlp/global-setup.ts'],
          env: { PATH: CURRENT_PATH, VIDKEEP_TEST_YTDLP: 'current' },
          // The browser and server-process suites poll what a user would see; on a busy 2-core
          // machine a page can take longer than expect.poll's default second to update.
          expect: { poll: { timeout: 10_000 } },
          exclude: ['**/node_modules/**', 'tests/bench/**', 'tests/architecture/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'floor',
          include: FLOOR_FILES,
          env: { PATH: FLOOR_PATH, VIDKEEP_TEST_YTDLP: 'floor', VIDKEEP_TEST_YTDLP_BINARY: FLOOR_YTDLP },
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
