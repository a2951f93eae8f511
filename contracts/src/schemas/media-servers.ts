import { Type, type Static } from '../typebox.js';
import { Nullable } from './common.js';

/**
 * Field and answer shapes the media-server plugins share: the connection fields of their config
 * sections and request bodies, and what their connection routes (test, users, libraries) answer,
 * so the UI's media-server settings read every kind the same way.
 */

/** Config keys add their default (`''`); request bodies leave it out. */
interface FieldOptions {
  default?: string;
}

/** A server's base URL (scheme, host, optional port and path), or empty while not set. */
export const mediaServerUrl = (description: string, options: FieldOptions = {}) =>
  Type.String({ maxLength: 2048, pattern: '^$|^https?://[^\\s]+$', description, ...options });

/** An API key or token: letters, digits, `-` and `_` (the servers issue hex keys). */
export const mediaServerApiKey = (description: string, options: FieldOptions = {}) =>
  Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]*$', description, ...options });

/** A user or library id as the server writes it (hex with or without dashes, or a number). */
export const mediaServerId = (description: string, options: FieldOptions = {}) =>
  Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9-]*$', description, ...options });

/** The libraries a plugin scans and searches for downloaded videos (config keys; empty: all but music). */
export const mediaServerLibraryIds = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }), {
    default: [],
    maxItems: 200,
    description,
  });

type OptionalText = ReturnType<typeof Type.Optional<ReturnType<typeof Type.String>>>;

/**
 * The body of the connection routes (test, users, libraries) of a Jellyfin-family kind (Jellyfin,
 * and Emby it grew from): the values to try; an omitted field means the saved one, so the UI can
 * test saved settings without sending the secret again. `prefix` names the fields (`jellyfinUrl`)
 * and is the server's usual host name; `apiKeyPlace` says where its admin pages issue API keys.
 */
export const jellyfinFamilyConnectionBody = <P extends string>(prefix: P, apiKeyPlace: string) =>
  Type.Object(
    {
      [`${prefix}Url`]: Type.Optional(mediaServerUrl(`Base URL to try, e.g. http://${prefix}:8096`)),
      [`${prefix}ApiKey`]: Type.Optional(mediaServerApiKey(`API key to try (${apiKeyPlace})`)),
      [`${prefix}UserId`]: Type.Optional(mediaServerId('User to check (test only)')),
    } as Record<`${P}Url` | `${P}ApiKey` | `${P}UserId`, OptionalText>,
    { additionalProperties: false },
  );

export const MediaServerConnectionOk = Type.Object({
  ok: Type.Literal(true),
  version: Type.String({ description: "The server's version, e.g. 10.11.11" }),
  serverName: Nullable(Type.String()),
  user: Nullable(Type.Object({ id: Type.String(), name: Type.String() }), {
    description: 'The configured (or given) user, when one is set',
  }),
});
export type MediaServerConnectionOk = Static<typeof MediaServerConnectionOk>;

export const MediaServerUser = Type.Object({
  id: Type.String(),
  name: Type.String(),
  isAdministrator: Type.Boolean(),
});
export type MediaServerUser = Static<typeof MediaServerUser>;
export const MediaServerUserList = Type.Object({ users: Type.Array(MediaServerUser) });

export const MediaServerLibrary = Type.Object({
  id: Type.String({ description: 'The id to put in the video library list of the config' }),
  name: Type.String(),
  type: Nullable(Type.String({ description: 'movies, tvshows, music, homevideos, mixed, ... (null: mixed content)' })),
  locations: Type.Array(Type.String(), { description: 'Folders as the server sees them' }),
});
export type MediaServerLibrary = Static<typeof MediaServerLibrary>;
export const MediaServerLibraryList = Type.Object({ libraries: Type.Array(MediaServerLibrary) });
