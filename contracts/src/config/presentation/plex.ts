import type { ConfigPresentation } from '../presentation.js';

/** How the plex keys are shown in Settings (see `presented`). */
export const PLEX_PRESENTATION: ConfigPresentation = {
  title: 'Plex',
  keys: {
    plexIP: {
      title: 'Host name or IP address',
      description: 'Used when no server URL is set, e.g. 192.168.1.20.',
      editedIn: 'Plex is set up in its card on the Media servers page.',
    },
    plexPort: {
      title: 'Port',
      description: 'Used with the host name (default 32400).',
      patternMessage: 'Digits only, e.g. 32400',
      editedIn: 'Plex is set up in its card on the Media servers page.',
    },
    plexViaHttps: {
      title: 'Use https',
      description: 'Reach the host name over https instead of http.',
      editedIn: 'Plex is set up in its card on the Media servers page.',
    },
    plexApiKey: {
      title: 'Plex token',
      description:
        'The server admin’s token: sign in with Plex to fill it, or paste one. Changing the address clears it: it is only ever sent to the saved server.',
      editedIn: 'Plex is set up in its card on the Media servers page.',
    },
    plexPlaylistToken: {
      title: 'Playlist owner token',
      description:
        'Optional: the account that owns the playlists. Empty: the Plex token above; UNCLAIMED_SERVER: no token (an unclaimed server).',
      editedIn: 'Plex is set up in its card on the Media servers page.',
    },
    plexSourceLibraryId: {
      title: 'Library scanned after downloads',
      description: 'Plex scans this library when new downloads arrive (none: no scan after downloads).',
      patternMessage: 'A library’s numeric id',
      editedIn: 'Plex is set up in its card on the Media servers page.',
    },
    plexSubfolderLibraryMappings: {
      title: 'Library per subfolder',
      description: 'Downloads in these subfolders make Plex scan the library given here instead.',
      editedIn: 'Plex is set up in its card on the Media servers page.',
    },
    plexWatchStatusAllUsers: {
      title: 'Watch status of every account',
      description: 'Sync what every Plex account watched; off: only the primary account.',
      editedIn: 'Plex is set up in its card on the Media servers page.',
    },
  },
};
