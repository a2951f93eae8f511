/** Downloading a channel's videos: download-all with its preview, and a run of automatic downloads. */
import { AudioFormat, Resolution, RESOLUTIONS } from '../../config/downloader.js';
import { Type, type Static } from '../../typebox.js';
import { Nullable, RatingInput } from '../common.js';
import { TAB_TYPES } from './tabs.js';

/** Videos an automatic choice left out, counted by the reason in words ("shorter than 1:00, …"). */
export const SkippedByReason = Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer() }), {
  description: "Videos left out by the channel's duration limits (`min_duration`, `max_duration`), by reason",
});
export const DownloadAllPreviewQuery = Type.Object(
  {
    tabType: Type.Enum(TAB_TYPES, { default: 'videos' }),
    resolution: Type.Optional(
      Type.Enum(RESOLUTIONS, {
        description: "Estimate the size at this resolution (default: the channel's, else `preferredResolution`)",
      }),
    ),
  },
  { additionalProperties: false },
);
export const DownloadAllPreviewResponse = Type.Object({
  count: Type.Integer(),
  totalDurationSeconds: Type.Integer(),
  missingDurations: Type.Integer(),
  skipped: SkippedByReason,
  estimatedBytes: Type.Integer({
    description:
      'About how much the videos take on disk: their known durations at `sizeBasis.kilobitsPerSecond` (videos without a known length not counted)',
  }),
  sizeBasis: Type.Object({
    resolution: Nullable(
      Type.Enum(RESOLUTIONS, { description: 'The resolution estimated for; null = audio only (mp3)' }),
    ),
    audioFormat: Nullable(AudioFormat),
    kilobitsPerSecond: Type.Integer({
      description: 'Typical bitrate of the platform at that resolution, audio included',
    }),
  }),
  listingComplete: Type.Boolean({
    description:
      'Every video of the tab is known here (as tab-stats `complete`); false: Load all first to count them all',
  }),
});
export const DownloadAllRequest = Type.Object(
  {
    tabType: Type.Enum(TAB_TYPES, { default: 'videos' }),
    overrideSettings: Type.Optional(
      Type.Object(
        {
          resolution: Type.Optional(Resolution),
          skipVideoFolder: Type.Optional(Type.Boolean()),
          subfolder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
          audioFormat: Type.Optional(Nullable(AudioFormat)),
          rating: Type.Optional(RatingInput('A content rating for these downloads; `NR` or null = not rated')),
          allowRedownload: Type.Optional(Type.Boolean({ description: 'Accepted and ignored' })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DownloadAllRequest = Static<typeof DownloadAllRequest>;
export const DownloadAllResponse = Type.Object({
  status: Type.String(),
  queued: Type.Integer(),
  jobId: Nullable(Type.String()),
  skipped: SkippedByReason,
});

export const AutoDownloadRunResponse = Type.Object({
  status: Type.String(),
  runId: Nullable(
    Type.Integer({ description: 'The scheduler run recording it (GET /api/schedules/channels.auto-download/runs)' }),
  ),
});
