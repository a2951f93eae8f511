import {
  errorResponses,
  PlexAuthUrl,
  PlexConnectionResult,
  PlexConnectionTest,
  PlexLibraryList,
  PlexPinParams,
  PlexPinStatus,
  PlexServerIdentity,
  PlexTestQuery,
  SuccessResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { PlexConnection } from '../services/connection.js';

const tags = ['plex'];
const errors = errorResponses(400, 401, 403, 404, 409, 502);
const TEST_PARAMS =
  'Optional `testIP`, `testPort`, `testUseHttps`, `testApiKey` try unsaved values (an IP given wins over the saved URL for this request).';

/**
 * The Plex-type server's routes: the reference's paths (all session-only in this build, the
 * PIN sign-in included) and a connection test. 502 with a plain message when the server refuses
 * the token or cannot be reached.
 */
export const plexRoutes: FastifyPluginAsyncTypebox<{ connection: PlexConnection }> = async (app, { connection }) => {
  app.get(
    '/getplexlibraries',
    {
      schema: {
        tags,
        summary: "The Plex server's libraries",
        description: `${TEST_PARAMS} Test values that work are saved (\`plexIP\`, \`plexPort\`, \`plexViaHttps\`, \`plexApiKey\`), as in the reference. \`[]\` while no address or token is configured.`,
        querystring: PlexTestQuery,
        response: { 200: PlexLibraryList, ...errors },
      },
    },
    async (request) => connection.libraries(request.query),
  );

  app.get(
    '/plex/server-identity',
    {
      schema: {
        tags,
        summary: "The Plex server's identity (no token needed)",
        description: `${TEST_PARAMS} Both fields are null while no address is configured.`,
        querystring: PlexTestQuery,
        response: { 200: PlexServerIdentity, ...errors },
      },
    },
    async (request) => connection.identity(request.query),
  );

  app.get(
    '/refreshlibrary',
    {
      schema: {
        tags,
        summary: 'Ask Plex to scan the default library (plexSourceLibraryId) now',
        response: { 200: SuccessResponse, ...errors },
      },
    },
    async () => connection.refreshLibrary(),
  );

  app.get(
    '/plex/auth-url',
    {
      schema: {
        tags,
        summary: 'Start a Plex sign-in: a PIN and the page where the user approves it',
        description: 'The instance `uuid` is the client identifier. Poll `/plex/check-pin/{pinId}` afterwards.',
        response: { 200: PlexAuthUrl, ...errors },
      },
    },
    async () => connection.authUrl(),
  );

  app.get(
    '/plex/check-pin/:pinId',
    {
      schema: {
        tags,
        summary: 'Whether the Plex sign-in was approved; the token is saved, never returned',
        params: PlexPinParams,
        response: { 200: PlexPinStatus, ...errors },
      },
    },
    async (request) => connection.checkPin(request.params.pinId),
  );

  app.post(
    '/api/mediaservers/plex/test',
    {
      schema: {
        tags,
        summary: 'Test a Plex connection',
        description:
          'Fields left out use the saved values, so saved settings can be tested without resending the token. 502 with a plain message when the server refuses the token or cannot be reached.',
        body: PlexConnectionTest,
        response: { 200: PlexConnectionResult, ...errors },
      },
    },
    async (request) => connection.test(request.body),
  );
};
