import type { ConfigPresentation } from '../presentation.js';

/** How the podcast feed keys are shown in Settings (see `presented`). */
export const FEEDS_PRESENTATION: ConfigPresentation = {
  title: 'Podcast feeds',
  keys: {
    feedsPublicUrl: {
      title: 'Address podcast apps use',
      description:
        'The address your phone reaches vidkeep at, for example https://vidkeep.example.net. Empty: the address of the browser that copies the link.',
      patternMessage: 'An http:// or https:// address without a path query, e.g. https://vidkeep.example.net',
    },
    feedsAudioOnDemand: {
      title: 'Make audio for audio feeds',
      description:
        'An audio feed of a video downloaded without an audio file gets one made once with ffmpeg (kept under the config folder); off: such episodes are left out.',
    },
  },
};
