import {
  AutoRemovalDryRunRequest,
  AutoRemovalResult,
  AutoRemovalStatus,
  ErrorEnvelope,
  errorResponses,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { RetentionRunner } from '../services/runner.js';

const errors = errorResponses(400, 401, 403);

export const retentionRoutes: FastifyPluginAsyncTypebox<{ runner: RetentionRunner }> = async (app, { runner }) => {
  app.post(
    '/api/auto-removal/dry-run',
    {
      // The body is optional: a bare POST previews the saved settings.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['retention'],
        summary: 'Preview automatic removal with unsaved settings',
        description:
          'Runs every step of automatic removal (keep-recent guard, age, watched, free space) without deleting or saving anything. Any `autoRemoval*` key in the body overrides the saved value for this preview only (null clears a threshold). Without a body (or with `{}`) it previews the saved settings. Works while automatic removal is switched off. The result lists how many videos each strategy would remove, up to 10 sample videos each, the estimated bytes and `simulationTotals`; the free-space simulation leaves out what age and watched would already remove and credits the bytes they would free.',
        body: AutoRemovalDryRunRequest,
        response: { 200: AutoRemovalResult, ...errors },
      },
    },
    async (request) => runner.dryRun(request.body),
  );

  app.get(
    '/api/auto-removal/status',
    {
      schema: {
        tags: ['retention'],
        summary: 'Whether automatic removal is on, whether it runs now, and the last run',
        description:
          'The last real run (nightly or manual) with its full result, kept across restarts. A run the server did not finish shows an error saying so.',
        response: { 200: AutoRemovalStatus, ...errors },
      },
    },
    async () => runner.status(),
  );

  app.post(
    '/api/auto-removal/run',
    {
      schema: {
        tags: ['retention'],
        summary: 'Run automatic removal now with the saved settings',
        description:
          'Removes videos now, exactly as the nightly run would, and answers when done with the result; it runs whether or not the nightly run is switched on (`autoRemovalEnabled`). Deletions go one at a time through the safe deletion of the downloader. 409 `RETENTION_RUNNING` while a run is in progress, 409 `RETENTION_NOTHING_CONFIGURED` when no age or free-space threshold is set and the watched strategy is off.',
        response: { 200: AutoRemovalResult, ...errors, 409: ErrorEnvelope },
      },
    },
    async () => runner.run('manual'),
  );
};
