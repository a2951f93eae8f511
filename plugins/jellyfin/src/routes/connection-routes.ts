import {
  errorResponses,
  JellyfinConnectionBody,
  MediaServerConnectionOk,
  MediaServerLibraryList,
  MediaServerUserList,
} from '@vidkeep/contracts';
import { mapDomainErrors, type FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import type { JellyfinConnectionCheck } from '../services/connection.js';
import { errorStatuses } from './errors.js';

const tags = ['media servers'];
const errors = errorResponses(400, 401, 403, 404, 502);
const body = JellyfinConnectionBody;
const SAVED =
  'Fields left out use the saved settings; the saved API key is only sent to the saved URL. A missing URL or key is 400; a key Jellyfin rejects, a server that cannot be reached or an error answer is 502 with the reason in plain words.';

/** Reference 1.10: the Jellyfin settings' connection checks (session only). */
export const connectionRoutes: FastifyPluginAsyncTypebox<{ check: JellyfinConnectionCheck }> = async (
  app,
  { check },
) => {
  mapDomainErrors(app, errorStatuses);

  app.post(
    '/api/mediaservers/jellyfin/test',
    {
      schema: {
        tags,
        summary: 'Test a Jellyfin connection',
        description: `Asks Jellyfin for its version with the API key, and checks the user when one is given or saved. ${SAVED}`,
        body,
        response: { 200: MediaServerConnectionOk, ...errors },
      },
    },
    (request) => check.test(request.body),
  );

  app.post(
    '/api/mediaservers/jellyfin/users',
    {
      schema: {
        tags,
        summary: "Jellyfin's users",
        description: `To choose the user that owns the published playlists. ${SAVED}`,
        body,
        response: { 200: MediaServerUserList, ...errors },
      },
    },
    (request) => check.users(request.body),
  );

  app.post(
    '/api/mediaservers/jellyfin/libraries',
    {
      schema: {
        tags,
        summary: "Jellyfin's libraries",
        description: `To choose the video libraries (\`jellyfinVideoLibraryIds\`); audio playlists use every library of type \`music\`. ${SAVED}`,
        body,
        response: { 200: MediaServerLibraryList, ...errors },
      },
    },
    (request) => check.libraries(request.body),
  );
};
