/** yt-dlp, ffmpeg and ffprobe: their status, the supported yt-dlp versions, updates and the canary. */
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable } from '../common.js';

export const ToolStatus = Type.Object({
  name: Type.String(),
  path: Type.String(),
  found: Type.Boolean(),
  version: Nullable(Type.String()),
});

/**
 * The oldest yt-dlp vidkeep works with: Debian 12's package. Every argument vidkeep builds is
 * accepted by it and by the current release; an older one is refused at job start with a message.
 */
export const YTDLP_MIN_VERSION = '2023.03.04';

/**
 * When the newest installable yt-dlp cannot be asked (no pip, no index): a release older than
 * this many days counts as stale, since the platform has probably changed since.
 */
export const YTDLP_STALE_DAYS = 60;

export const YtDlpUpdateMethod = Type.Union([Type.Literal('private'), Type.Literal('self'), Type.Literal('managed')], {
  description:
    '`private`: "Update yt-dlp" installs the newest yt-dlp with pip into a new folder under CONFIG_DIR, checks it and only then uses it; `self`: a configured yt-dlp (`ytdlpPath`, `YTDLP_PATH`) updates itself (`yt-dlp -U`); `managed`: the hosting platform updates it',
});
export type YtDlpUpdateMethod = Static<typeof YtDlpUpdateMethod>;

export const YtDlpCanaryStep = Type.Object({
  step: Type.Union(
    [Type.Literal('version'), Type.Literal('options'), Type.Literal('simulate'), Type.Literal('download')],
    {
      description:
        '`version`: it starts and is at least the oldest supported release; `options`: its `--help` can be read and its parser accepts every argument list vidkeep may build; `simulate`: the exact argument list of a download runs with `--simulate`; `download`: a short real download with that list (only when the platform answered)',
    },
  ),
  outcome: Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('skipped')]),
  message: Type.String(),
});
export type YtDlpCanaryStep = Static<typeof YtDlpCanaryStep>;

export const YtDlpCanaryReport = Type.Object(
  {
    passed: Type.Boolean(),
    version: Nullable(Type.String()),
    steps: Type.Array(YtDlpCanaryStep),
  },
  { description: 'The checks a new yt-dlp passes before vidkeep uses it' },
);
export type YtDlpCanaryReport = Static<typeof YtDlpCanaryReport>;

export const YtDlpUpdateAttempt = Type.Object({
  at: DateTime,
  success: Type.Boolean(),
  reason: Type.String(),
  message: Type.String(),
  canary: Type.Optional(YtDlpCanaryReport),
});
export type YtDlpUpdateAttempt = Static<typeof YtDlpUpdateAttempt>;

export const YtDlpJsRuntime = Type.Object({
  name: Type.String({ description: '`deno`, `node`, `quickjs`, `bun`' }),
  version: Nullable(Type.String()),
  supported: Type.Boolean({ description: 'yt-dlp accepts this version (Node needs 22 or newer)' }),
});

export const YtDlpJavascript = Type.Object(
  {
    runtime: Nullable(YtDlpJsRuntime),
    solver: Nullable(
      Type.String({ description: 'The challenge solver scripts yt-dlp found (`yt-dlp-ejs 0.8.0`), or null' }),
    ),
    ready: Type.Boolean({ description: 'A supported runtime and the solver scripts are both there' }),
    message: Type.String({ description: 'What this means for downloads, in words' }),
  },
  {
    description:
      'The JavaScript runtime current yt-dlp needs to solve the platform’s challenges (as its verbose output reports it); null for a yt-dlp without `--js-runtimes`',
  },
);
export type YtDlpJavascript = Static<typeof YtDlpJavascript>;

export const YtDlpStatus = Type.Object({
  ...ToolStatus.properties,
  source: Type.Union([Type.Literal('configured'), Type.Literal('private'), Type.Literal('path')], {
    description:
      '`configured`: `ytdlpPath` or YTDLP_PATH; `private`: the copy installed under CONFIG_DIR; `path`: `yt-dlp` on PATH',
  }),
  releasedOn: Nullable(Type.String({ format: 'date', description: 'Release date read from the version (YYYY.MM.DD)' })),
  ageDays: Nullable(Type.Integer({ description: 'Days since that release' })),
  minimumVersion: Type.String({ description: 'The oldest yt-dlp vidkeep works with' }),
  supported: Type.Boolean({ description: 'The version is known and at least `minimumVersion`' }),
  latestVersion: Nullable(
    Type.String({ description: 'The newest yt-dlp pip can install here, when it could be asked' }),
  ),
  latestCheckedAt: Nullable(DateTime),
  stale: Type.Boolean({
    description: `Older than \`latestVersion\`; when that is unknown, released more than ${YTDLP_STALE_DAYS} days ago. Never true for the newest release`,
  }),
  staleReason: Nullable(Type.String({ description: 'Why it counts as stale, in words' })),
  updateMethod: YtDlpUpdateMethod,
  lastUpdate: Nullable(YtDlpUpdateAttempt),
  rollbackVersion: Nullable(
    Type.String({ description: 'The previous private yt-dlp that `POST /api/ytdlp/rollback` returns to' }),
  ),
  javascript: Nullable(YtDlpJavascript),
});
export type YtDlpStatus = Static<typeof YtDlpStatus>;

export const ToolsQuery = Type.Object(
  {
    refresh: Type.Boolean({
      default: false,
      description: 'Check the tools again now instead of reporting the last check',
    }),
  },
  { additionalProperties: false },
);

export const ToolsResponse = Type.Object({
  ytdlp: YtDlpStatus,
  ffmpeg: ToolStatus,
  ffprobe: ToolStatus,
  updatesManaged: Type.Boolean({ description: 'True on a managed platform: updates are disabled' }),
});
export type ToolsResponse = Static<typeof ToolsResponse>;
