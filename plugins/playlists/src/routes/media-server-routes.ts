import { errorResponses, MediaServerStatus } from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { NAMED_SYNC_KINDS } from '../services/settings.js';
import type { PlaylistRouteDeps } from './deps.js';

/** `GET /api/mediaservers/status`: which media servers playlists are published to. */
export const mediaServerRoutes: FastifyPluginAsyncTypebox<PlaylistRouteDeps> = async (app, { servers }) => {
  app.get(
    '/api/mediaservers/status',
    {
      schema: {
        tags: ['media servers'],
        summary: 'Which media servers are configured and switched on',
        description: 'A kind whose plugin is switched off or not loaded is false and absent from `servers`.',
        response: { 200: MediaServerStatus, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const list = servers();
      const named = Object.fromEntries(
        NAMED_SYNC_KINDS.map((kind) => [kind, list.some((s) => s.kind === kind && s.connected)]),
      ) as Record<(typeof NAMED_SYNC_KINDS)[number], boolean>;
      return { ...named, servers: list };
    },
  );
};
