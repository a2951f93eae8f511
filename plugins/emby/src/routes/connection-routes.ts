import {
  errorResponses,
  EmbyConnectionBody,
  MediaServerConnectionOk,
  MediaServerLibraryList,
  MediaServerUserList,
} from '@vidkeep/contracts';
import { mapDomainErrors, type FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import type { EmbyConnectionCheck } from '../services/connection.js';
import { errorStatuses } from './errors.js';

const tags = ['media servers'];
const errors = errorResponses(400, 401, 403, 404, 502);
const body = EmbyConnectionBody;
const SAVED =
  'Fields left out use the saved settings; the saved API key is only sent to the saved URL. A missing URL or key is 400; a key Emby rejects, a server that cannot be reached or an error answer is 502 with the reason in plain words.';

/** Reference 1.10: the Emby settings' connection checks (session only). */
export const connectionRoutes: FastifyPluginAsyncTypebox<{ check: EmbyConnectionCheck }> = async (app, { check }) => {
  mapDomainErrors(app, errorStatuses);

  app.post(
    '/api/mediaservers/emby/test',
    {
      schema: {
        tags,
        summary: 'Test an Emby connection',
        description: `Asks Emby for its version with the API key, and checks the user when one is given or saved. ${SAVED}`,
        body,
        response: { 200: MediaServerConnectionOk, ...errors },
      },
    },
    (request) => check.test(request.body),
  );

  app.post(
    '/api/mediaservers/emby/users',
    {
      schema: {
        tags,
        summary: "Emby's users",
        description: `To choose the user that owns the published playlists. ${SAVED}`,
        body,
        response: { 200: MediaServerUserList, ...errors },
      },
    },
    (request) => check.users(request.body),
  );

  app.post(
    '/api/mediaservers/emby/libraries',
    {
      schema: {
        tags,
        summary: "Emby's libraries",
        description: `To choose the video libraries (\`embyVideoLibraryIds\`); audio playlists use every library of type \`music\`. ${SAVED}`,
        body,
        response: { 200: MediaServerLibraryList, ...errors },
      },
    },
    (request) => check.libraries(request.body),
  );
};
