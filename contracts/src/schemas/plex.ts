import { Type, type Static } from '../typebox.js';
import { Nullable, pathParams } from './common.js';

/**
 * Routes of the Plex-type plugin: the reference's paths (`/getplexlibraries`,
 * `/plex/server-identity`, `/refreshlibrary`, `/plex/auth-url`, `/plex/check-pin/:pinId`) plus
 * a connection test for the settings page.
 */

/** Optional unsaved connection values to try instead of the saved ones (reference query names). */
export const PlexTestQuery = Type.Object(
  {
    testIP: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    testPort: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$' })),
    testUseHttps: Type.Optional(Type.Boolean()),
    testApiKey: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type PlexTestQuery = Static<typeof PlexTestQuery>;

export const PlexLibrary = Type.Object({
  id: Type.String({ description: 'Section key (numeric), as `plexSourceLibraryId` takes it' }),
  title: Type.String(),
  type: Type.String({ description: '`movie`, `show`, `artist` (music) or `photo`' }),
  locations: Type.Array(Type.Object({ id: Type.Integer(), path: Type.String() })),
});
export type PlexLibrary = Static<typeof PlexLibrary>;

export const PlexLibraryList = Type.Array(PlexLibrary);

export const PlexServerIdentity = Type.Object({
  claimed: Nullable(Type.Boolean()),
  machineIdentifier: Nullable(Type.String()),
});
export type PlexServerIdentity = Static<typeof PlexServerIdentity>;

export const PlexAuthUrl = Type.Object({
  authUrl: Type.String({ description: 'Open this page to sign in to Plex and approve vidkeep' }),
  pinId: Type.Integer(),
});
export type PlexAuthUrl = Static<typeof PlexAuthUrl>;

export const PlexPinParams = pathParams({ pinId: Type.Integer({ minimum: 1, maximum: 9007199254740991 }) });

export const PLEX_PIN_STATUSES = ['pending', 'saved', 'rejected'] as const;

/** The token itself is never returned: it is saved as `plexApiKey` (write-only). */
export const PlexPinStatus = Type.Object({
  status: Type.Enum(PLEX_PIN_STATUSES, {
    description:
      '`pending`: not approved yet, poll again; `saved`: the token is stored as plexApiKey; `rejected`: the account has no access to the configured server, nothing saved',
  }),
  message: Type.String(),
});
export type PlexPinStatus = Static<typeof PlexPinStatus>;

/** Unsaved values to test; every omitted field falls back to the saved one (so no secret must be resent). */
export const PlexConnectionTest = Type.Object(
  {
    mediaserverUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    plexIP: Type.Optional(Type.String({ maxLength: 255 })),
    plexPort: Type.Optional(Type.String({ pattern: '^[0-9]{0,5}$' })),
    plexViaHttps: Type.Optional(Type.Boolean()),
    plexApiKey: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type PlexConnectionTest = Static<typeof PlexConnectionTest>;

export const PlexConnectionResult = Type.Object({
  ok: Type.Literal(true),
  version: Type.String(),
  friendlyName: Type.String(),
  machineIdentifier: Type.String(),
});
export type PlexConnectionResult = Static<typeof PlexConnectionResult>;
