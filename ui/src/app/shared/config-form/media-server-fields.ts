import type { ConfigFieldMeta } from './config-field-meta';

/**
 * The config keys of the media-server plugins (contracts/src/config/plex.ts, jellyfin.ts,
 * emby.ts), mirrored like the rest of `CONFIG_FIELDS` (and checked against the schemas by
 * `config-fields.spec.ts`). They are edited in the server's card on the Media servers page,
 * not in the general form, so each carries `elsewhere`.
 */

const URL_PATTERN = '^$|^https?://[^\\s]+$';
const URL_HINT = 'Leave empty or enter an http:// or https:// URL';

type CardOwner = 'plex' | 'jellyfin' | 'emby';

/** A key of `owner` edited in its card; the general form says where it went. */
const onCard =
  (owner: CardOwner, label: string) =>
  (meta: Omit<ConfigFieldMeta, 'owner' | 'elsewhere'>): ConfigFieldMeta => ({
    ...meta,
    owner,
    elsewhere: meta.managed ? undefined : `${label} is set up in its card on the Media servers page.`,
  });

const plex = onCard('plex', 'Plex');

/** `<kind>WatchStatusAllUsers`: whose watch status the sync pulls. */
const watchAllUsers = (kind: CardOwner, label: string): Omit<ConfigFieldMeta, 'owner' | 'elsewhere'> => ({
  key: `${kind}WatchStatusAllUsers`,
  label: 'Watch status of every account',
  kind: 'boolean',
  description: `Sync what every ${label} account watched; off: only the primary account.`,
});

/** One entry of `plexSubfolderLibraryMappings`: `{subfolder: name without "__" or null for the root, libraryId}`. */
export interface SubfolderLibrary {
  subfolder: string | null;
  libraryId: string;
}

function subfolderLibraryProblem(entry: unknown): string | null {
  const m = entry as SubfolderLibrary;
  if (!/^[0-9]{1,10}$/.test(m.libraryId)) return 'Choose a library for every subfolder';
  if (m.subfolder !== null && (m.subfolder === '' || m.subfolder.length > 100 || m.subfolder.startsWith('__')))
    return 'A subfolder is one name of at most 100 characters, without the leading __';
  return null;
}

export const PLEX_FIELDS: readonly ConfigFieldMeta[] = [
  plex({
    key: 'plexIP',
    label: 'Host name or IP address',
    kind: 'string',
    maxLength: 255,
    description: 'Used when no server URL is set, e.g. 192.168.1.20.',
  }),
  plex({
    key: 'plexPort',
    label: 'Port',
    kind: 'string',
    pattern: '^[0-9]{0,5}$',
    patternHint: 'Digits only, e.g. 32400',
    description: 'Used with the host name (default 32400).',
  }),
  plex({
    key: 'plexViaHttps',
    label: 'Use https',
    kind: 'boolean',
    description: 'Reach the host name over https instead of http.',
  }),
  plex({
    key: 'plexApiKey',
    label: 'Plex token',
    kind: 'secret',
    maxLength: 1024,
    description:
      'The server admin’s token: sign in with Plex to fill it, or paste one. Changing the address clears it: it is only ever sent to the saved server.',
  }),
  plex({
    key: 'plexPlaylistToken',
    label: 'Playlist owner token',
    kind: 'secret',
    maxLength: 1024,
    description:
      'Optional: the account that owns the playlists. Empty: the Plex token above; UNCLAIMED_SERVER: no token (an unclaimed server).',
  }),
  plex({
    key: 'plexSourceLibraryId',
    label: 'Library scanned after downloads',
    kind: 'string',
    pattern: '^[0-9]{0,10}$',
    patternHint: 'A library’s numeric id',
    description: 'Plex scans this library when new downloads arrive (none: no scan after downloads).',
  }),
  plex({
    key: 'plexSubfolderLibraryMappings',
    label: 'Library per subfolder',
    kind: 'multi',
    maxItems: 200,
    description: 'Downloads in these subfolders make Plex scan the library given here instead.',
    entryRule: subfolderLibraryProblem,
  }),
  plex({ key: 'plexPlaylistTokenHistory', label: 'Earlier playlist tokens', kind: 'secret', managed: true }),
  plex(watchAllUsers('plex', 'Plex')),
];

/** Jellyfin and Emby name their keys alike: `<kind>Enabled`, `<kind>Url`, ... */
function mediaBrowserFields(kind: 'jellyfin' | 'emby', label: string, keyPlace: string): ConfigFieldMeta[] {
  const f = onCard(kind, label);
  return [
    f({
      key: `${kind}Enabled`,
      label: `Publish to ${label}`,
      kind: 'boolean',
      description: `Publish playlists to ${label} and ask it to index new downloads.`,
    }),
    f({
      key: `${kind}Url`,
      label: 'Server URL',
      kind: 'string',
      maxLength: 2048,
      pattern: URL_PATTERN,
      patternHint: URL_HINT,
      description: `Base URL of the ${label} server, e.g. http://${kind}:8096.`,
    }),
    f({
      key: `${kind}ApiKey`,
      label: 'API key',
      kind: 'secret',
      maxLength: 200,
      pattern: '^[A-Za-z0-9_-]*$',
      patternHint: 'Letters, digits, _ and - only',
      description: `Made in ${label} under ${keyPlace}. Changing the URL clears it: it is only ever sent to the saved server.`,
    }),
    f({
      key: `${kind}UserId`,
      label: 'Playlist owner',
      kind: 'string',
      maxLength: 64,
      pattern: '^[A-Za-z0-9-]*$',
      patternHint: 'A user id as the server writes it',
      description: `The ${label} user that owns the published playlists.`,
    }),
    f({
      key: `${kind}VideoLibraryIds`,
      label: 'Video libraries',
      kind: 'multi',
      maxItems: 200,
      description: 'Libraries holding the downloads; none chosen: every library that is not a music library.',
    }),
    f(watchAllUsers(kind, label)),
  ];
}

export const JELLYFIN_FIELDS = mediaBrowserFields('jellyfin', 'Jellyfin', 'Dashboard > API Keys');
export const EMBY_FIELDS = mediaBrowserFields('emby', 'Emby', 'Settings > Advanced > API Keys');

export const MEDIA_SERVER_FIELDS: readonly ConfigFieldMeta[] = [...PLEX_FIELDS, ...JELLYFIN_FIELDS, ...EMBY_FIELDS];
