import type { ConfigPresentation } from '../presentation.js';

/** How the emby keys are shown in Settings (see `presented`). */
export const EMBY_PRESENTATION: ConfigPresentation = {
  title: 'Emby',
  keys: {
    embyEnabled: {
      title: 'Publish to Emby',
      description: 'Publish playlists to Emby and ask it to index new downloads.',
      editedIn: 'Emby is set up in its card on the Media servers page.',
    },
    embyUrl: {
      title: 'Server URL',
      description: 'Base URL of the Emby server, e.g. http://emby:8096.',
      patternMessage: 'Leave empty or enter an http:// or https:// URL',
      editedIn: 'Emby is set up in its card on the Media servers page.',
    },
    embyApiKey: {
      title: 'API key',
      description:
        'Made in Emby under Settings > Advanced > API Keys. Changing the URL clears it: it is only ever sent to the saved server.',
      patternMessage: 'Letters, digits, _ and - only',
      editedIn: 'Emby is set up in its card on the Media servers page.',
    },
    embyUserId: {
      title: 'Playlist owner',
      description: 'The Emby user that owns the published playlists.',
      patternMessage: 'A user id as the server writes it',
      editedIn: 'Emby is set up in its card on the Media servers page.',
    },
    embyVideoLibraryIds: {
      title: 'Video libraries',
      description: 'Libraries holding the downloads; none chosen: every library that is not a music library.',
      editedIn: 'Emby is set up in its card on the Media servers page.',
    },
    embyWatchStatusAllUsers: {
      title: 'Watch status of every account',
      description: 'Sync what every Emby account watched; off: only the primary account.',
      editedIn: 'Emby is set up in its card on the Media servers page.',
    },
  },
};
