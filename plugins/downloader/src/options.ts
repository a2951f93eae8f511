import { Type } from '@vidkeep/contracts';

/** Manifest options of the downloader (tuning that is not a user setting). */
export const DownloaderOptions = Type.Object(
  {
    stallNoticeSeconds: Type.Integer({
      minimum: 1,
      maximum: 600,
      default: 15,
      description: 'A download that receives no byte for this long shows that it is stalled',
    }),
    searchTimeoutSeconds: Type.Integer({
      minimum: 1,
      maximum: 600,
      default: 60,
      description: 'Video searches and URL checks give up (504, or "did not answer in time") after this long',
    }),
    platformTimeScale: Type.Number({
      exclusiveMinimum: 0,
      maximum: 1,
      default: 1,
      description:
        'How long an hour of the platform budget and cool-down lasts, as a share of a real hour (tests run a day in seconds with 0.001)',
    }),
  },
  { additionalProperties: false },
);
