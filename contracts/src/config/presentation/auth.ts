import type { ConfigPresentation } from '../presentation.js';

/** How the auth keys are shown in Settings (see `presented`). */
export const AUTH_PRESENTATION: ConfigPresentation = {
  title: 'Authentication',
  keys: {
    apiKeyRateLimit: {
      title: 'API key rate limit',
      description:
        'Requests per minute allowed for each API key on the download endpoint (signed-in requests are not limited).',
      unit: 'requests per minute',
    },
  },
};
