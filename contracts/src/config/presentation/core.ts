import type { ConfigPresentation } from '../presentation.js';

/** How the core keys are shown in Settings (see `presented`). */
export const CORE_PRESENTATION: ConfigPresentation = {
  title: 'General',
  keys: {
    mediaserverUrl: {
      title: 'Media server URL',
      description:
        'Base URL of the Plex server. While the MEDIASERVER_URL environment variable is set it wins and this field is read-only.',
      editedIn: 'The media server URL is set in the Plex card on the Media servers page.',
    },
    apiRateLimitPerMinute: {
      title: 'API rate limit',
      description:
        'Requests per minute each client address may send to the API (the web UI, live updates and sign-in are not counted); 0 = no limit. Applies at once.',
      unit: 'requests per minute',
    },
  },
};
