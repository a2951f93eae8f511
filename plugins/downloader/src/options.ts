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
  },
  { additionalProperties: false },
);
