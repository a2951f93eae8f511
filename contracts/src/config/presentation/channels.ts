import type { ConfigPresentation } from '../presentation.js';

/** How the channels keys are shown in Settings (see `presented`). */
export const CHANNELS_PRESENTATION: ConfigPresentation = {
  title: 'Channels',
  keys: {
    channelFilesToDownload: {
      title: 'Videos checked per tab',
      description: 'Automatic downloads look at this many newest videos of every enabled tab per run.',
    },
    sourceApiKey: {
      title: 'Data API key',
      description:
        'Optional key of the platform’s Data API. With it, channel search and tab counts use the API; without it, yt-dlp.',
      patternMessage: 'Letters, digits, _ and - only',
    },
    tabCountBatchSize: {
      title: 'Tab-count batch size',
      description: 'Without a Data API key, the daily tab-count refresh looks up at most this many channels.',
    },
  },
};
