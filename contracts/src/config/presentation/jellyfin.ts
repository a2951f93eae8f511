import type { ConfigPresentation } from '../presentation.js';

/** How the jellyfin keys are shown in Settings (see `presented`). */
export const JELLYFIN_PRESENTATION: ConfigPresentation = {
  title: 'Jellyfin',
  keys: {
    jellyfinEnabled: {
      title: 'Publish to Jellyfin',
      description: 'Publish playlists to Jellyfin and ask it to index new downloads.',
      editedIn: 'Jellyfin is set up in its card on the Media servers page.',
    },
    jellyfinUrl: {
      title: 'Server URL',
      description: 'Base URL of the Jellyfin server, e.g. http://jellyfin:8096.',
      patternMessage: 'Leave empty or enter an http:// or https:// URL',
      editedIn: 'Jellyfin is set up in its card on the Media servers page.',
    },
    jellyfinApiKey: {
      title: 'API key',
      description:
        'Made in Jellyfin under Dashboard > API Keys. Changing the URL clears it: it is only ever sent to the saved server.',
      patternMessage: 'Letters, digits, _ and - only',
      editedIn: 'Jellyfin is set up in its card on the Media servers page.',
    },
    jellyfinUserId: {
      title: 'Playlist owner',
      description: 'The Jellyfin user that owns the published playlists.',
      patternMessage: 'A user id as the server writes it',
      editedIn: 'Jellyfin is set up in its card on the Media servers page.',
    },
    jellyfinVideoLibraryIds: {
      title: 'Video libraries',
      description: 'Libraries holding the downloads; none chosen: every library that is not a music library.',
      editedIn: 'Jellyfin is set up in its card on the Media servers page.',
    },
    jellyfinWatchStatusAllUsers: {
      title: 'Watch status of every account',
      description: 'Sync what every Jellyfin account watched; off: only the primary account.',
      editedIn: 'Jellyfin is set up in its card on the Media servers page.',
    },
  },
};
