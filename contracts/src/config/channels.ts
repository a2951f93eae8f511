import { Type, type Static } from '../typebox.js';
import { secret } from './annotations.js';
import { presented } from './presentation.js';
import { CHANNELS_PRESENTATION } from './presentation/channels.js';

/** Config keys owned by the channels plugin. */
export const ChannelsConfigSection = presented(
  Type.Object({
    channelFilesToDownload: Type.Integer({
      minimum: 1,
      maximum: 50,
      default: 5,
      description:
        'Automatic downloads look at this many newest videos of every enabled tab per run; followed playlists queue up to this many new entries (and as many retries) per run',
    }),
    sourceApiKey: secret(
      Type.String({
        maxLength: 200,
        default: '',
        pattern: '^[A-Za-z0-9_-]*$',
        description:
          "Optional key of the platform's Data API. With it, channel search and tab counts use the API (daily tab counts); without it, yt-dlp (tab counts every three days in batches).",
      }),
    ),
    tabCountBatchSize: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 25,
      description: 'Without a Data API key, the daily tab-count refresh looks up at most this many channels',
    }),
  }),
  CHANNELS_PRESENTATION,
);

export type ChannelsConfigSection = Static<typeof ChannelsConfigSection>;
