import {
  errorResponses,
  MediaServerConnectionOk,
  MediaServerLibraryList,
  MediaServerUserList,
  type MediaServerLibrary,
  type MediaServerUser,
  type TObject,
} from '@vidkeep/contracts';
import { mapDomainErrors, type DomainErrorStatuses, type FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';

/** The settings page's checks: test a connection, list the users and the libraries. */
export interface ConnectionCheck {
  test(body: Record<string, string | undefined>): Promise<MediaServerConnectionOk>;
  users(body: Record<string, string | undefined>): Promise<{ users: MediaServerUser[] }>;
  libraries(body: Record<string, string | undefined>): Promise<{ libraries: MediaServerLibrary[] }>;
}

/**
 * How a kind's domain errors answer. A missing URL or key is bad input (400, the core's default).
 * Everything the server itself causes (key rejected, unreachable, an error answer, an unknown
 * user) is 502 with the reason in plain words, as the reference answers (its 1.10).
 */
const errorStatuses: DomainErrorStatuses = { kinds: { unavailable: 502 } };

const tags = ['media servers'];
const errors = errorResponses(400, 401, 403, 404, 502);

/** Reference 1.10: a kind's connection checks (session only), under `/api/mediaservers/<id>/`. */
export const connectionRoutes: FastifyPluginAsyncTypebox<{
  id: string;
  label: string;
  body: TObject;
  check: ConnectionCheck;
}> = async (app, { id, label, body, check }) => {
  mapDomainErrors(app, errorStatuses);
  const saved = `Fields left out use the saved settings; the saved API key is only sent to the saved URL. A missing URL or key is 400; a key ${label} rejects, a server that cannot be reached or an error answer is 502 with the reason in plain words.`;
  const input = (request: { body: unknown }) => request.body as Record<string, string | undefined>;

  const routes = [
    {
      path: 'test',
      summary: `Test ${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label} connection`,
      description: `Asks ${label} for its version with the API key, and checks the user when one is given or saved.`,
      response: MediaServerConnectionOk,
      handle: check.test,
    },
    {
      path: 'users',
      summary: `${label}'s users`,
      description: 'To choose the user that owns the published playlists.',
      response: MediaServerUserList,
      handle: check.users,
    },
    {
      path: 'libraries',
      summary: `${label}'s libraries`,
      description: `To choose the video libraries (\`${id}VideoLibraryIds\`); audio playlists use every library of type \`music\`.`,
      response: MediaServerLibraryList,
      handle: check.libraries,
    },
  ];
  for (const r of routes) {
    app.post(
      `/api/mediaservers/${id}/${r.path}`,
      {
        schema: {
          tags,
          summary: r.summary,
          description: `${r.description} ${saved}`,
          body,
          response: { 200: r.response, ...errors },
        },
      },
      (request) => r.handle(input(request)),
    );
  }
};
