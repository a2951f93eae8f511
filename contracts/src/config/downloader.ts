import { Type, type Static } from '../typebox.js';
import { managed, secret } from './annotations.js';
import { presented } from './presentation.js';
import { DOWNLOADER_PRESENTATION } from './presentation/downloader.js';

export const RESOLUTIONS = ['360', '480', '720', '1080', '1440', '2160'] as const;
export const Resolution = Type.Enum(RESOLUTIONS, {
  description: 'Maximum video height',
});
export type Resolution = Static<typeof Resolution>;

export const AudioFormat = Type.Union([Type.Literal('video_mp3'), Type.Literal('mp3_only')], {
  description: '`video_mp3`: the video plus an mp3; `mp3_only`: only an mp3',
});
export type AudioFormat = Static<typeof AudioFormat>;

export const SPONSORBLOCK_CATEGORIES = [
  'sponsor',
  'intro',
  'outro',
  'selfpromo',
  'preview',
  'filler',
  'interaction',
  'music_offtopic',
] as const;

/** A yt-dlp rate like `500K`, `4.2M` or `1G` (bytes per second). */
export const RATE_PATTERN = '^$|^[0-9]+(\\.[0-9]+)?[KMG]?$';

/**
 * The subfolder rules of `subfolderProblem` as a schema pattern (empty allowed): one folder name
 * without slashes or control characters, not starting with `.` or `__`, and not a name reserved
 * for the playlists folder (`playlists`, `playlists__`, any case).
 */
export const SUBFOLDER_PATTERN =
  '^$|^(?!__)(?!\\.)(?![Pp][Ll][Aa][Yy][Ll][Ii][Ss][Tt][Ss](?:__)?$)[^/\\\\\\u0000-\\u001f\\u007f]+$';
/** What a value failing `SUBFOLDER_PATTERN` is told (the validators say this instead of the pattern). */
export const SUBFOLDER_PATTERN_MESSAGE =
  'must be a single folder name: no slashes, backslashes or control characters, not starting with . or __, and not __playlists__ or playlists (reserved for the playlists folder)';

/** The default of `videoFilenamePrefix`: `<channel> - <title>`, cut to 80 and 64 bytes. */
export const DEFAULT_FILENAME_PREFIX = '%(uploader,channel,uploader_id).80B - %(title).64B';
export const FILENAME_PREFIX_MAX = 160;
/**
 * `videoFilenamePrefix`: not empty, no path separators, no `..`, no control characters (the
 * yt-dlp dry run of `POST /api/config/filename-preview` and of a save checks the rest).
 */
export const FILENAME_PREFIX_PATTERN = '^(?!.*\\.\\.)(?=.*\\S)[^/\\\\\\u0000-\\u001f\\u007f]+$';
/** What a value failing `FILENAME_PREFIX_PATTERN` is told. */
export const FILENAME_PREFIX_PATTERN_MESSAGE = 'must not be empty and must not contain /, \\, .. or control characters';

/** Config keys owned by the downloader plugin. */
export const DownloaderConfigSection = presented(
  Type.Object({
    useTmpForDownloads: Type.Boolean({
      default: false,
      description:
        'Stage downloads in tmpFilePath and move finished files into the output directory. Forced on by a managed platform. When off, staging happens in `<output>/.vidkeep-staging` (same filesystem, so moves are instant).',
    }),
    tmpFilePath: Type.String({ minLength: 1, maxLength: 1024, default: '/tmp/vidkeep-downloads' }),
    preferredResolution: Type.Enum(RESOLUTIONS, {
      default: '1080',
      description: 'Resolution used when a request, channel or playlist names none',
    }),
    videoCodec: Type.Union([Type.Literal('default'), Type.Literal('h264'), Type.Literal('h265')], {
      default: 'default',
      description: 'Preferred video codec; `default` takes the best mp4 the platform offers',
    }),
    defaultSubfolder: Type.String({
      maxLength: 100,
      default: '',
      pattern: SUBFOLDER_PATTERN,
      description:
        'Subfolder of the output directory for videos whose channel has none (empty: the root). One folder name; not `__playlists__`, `playlists` or anything starting with `__` or `.`',
    }),
    defaultSkipVideoFolder: Type.Boolean({
      default: false,
      description: 'Put files directly in the channel folder instead of one folder per video',
    }),
    writeVideoNfoFiles: Type.Boolean({
      default: true,
      description: 'Write a Kodi/Jellyfin/Emby NFO next to every video',
    }),
    writeChannelPosters: Type.Boolean({
      default: true,
      description:
        "Write the channel's picture as `poster.jpg` into each channel folder that has none (media servers show it as the folder's artwork)",
    }),
    writeVideoFanart: Type.Boolean({
      default: false,
      description:
        "Also copy each video's thumbnail as `<name>-fanart.jpg` (a background some media-server clients use)",
    }),
    setFileTimesToUploadDate: Type.Boolean({
      default: true,
      description:
        'Set the modification time of each downloaded file and its video folder to when the video was published, so media servers sort by it',
    }),
    videoFilenamePrefix: Type.String({
      minLength: 1,
      maxLength: FILENAME_PREFIX_MAX,
      default: DEFAULT_FILENAME_PREFIX,
      pattern: FILENAME_PREFIX_PATTERN,
      description:
        'yt-dlp output template for the start of file and video-folder names; vidkeep adds ` [<id>].<ext>` to files and ` - <id>` to folders. New downloads only',
    }),
    subtitlesEnabled: Type.Boolean({ default: false }),
    subtitleLanguage: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.,*-]+$', default: 'en' }),
    sponsorblockEnabled: Type.Boolean({ default: false }),
    sponsorblockAction: Type.Union([Type.Literal('remove'), Type.Literal('mark')], { default: 'remove' }),
    sponsorblockCategories: Type.Array(Type.Enum(SPONSORBLOCK_CATEGORIES), {
      default: ['sponsor', 'selfpromo'],
      uniqueItems: true,
      maxItems: SPONSORBLOCK_CATEGORIES.length,
    }),
    sponsorblockApiUrl: Type.String({ maxLength: 2048, default: '', pattern: '^$|^https?://' }),
    cookiesEnabled: Type.Boolean({
      default: false,
      description:
        'Pass the Netscape cookie file `CONFIG_DIR/cookies.user.txt` (uploaded with `POST /api/cookies/upload`, which turns this on) to every yt-dlp call when it exists',
    }),
    proxy: secret(
      Type.String({
        maxLength: 2048,
        default: '',
        pattern: '^$|^(https?|socks4a?|socks5h?)://',
        description: 'Proxy URL for yt-dlp (may hold credentials, so it is never returned)',
      }),
    ),
    ipFamily: Type.Union([Type.Literal('ipv4'), Type.Literal('ipv6'), Type.Literal('auto')], { default: 'ipv4' }),
    downloadRateLimit: Type.String({
      maxLength: 20,
      default: '',
      pattern: RATE_PATTERN,
      description: 'e.g. `5M`; empty: unlimited',
    }),
    sleepRequests: Type.Number({
      minimum: 0,
      maximum: 30,
      default: 1,
      description: 'Seconds between metadata requests',
    }),
    downloadSocketTimeoutSeconds: Type.Integer({ minimum: 1, maximum: 600, default: 30 }),
    downloadThrottledRate: Type.String({ maxLength: 20, default: '100K', pattern: RATE_PATTERN }),
    downloadRetryCount: Type.Integer({ minimum: 0, maximum: 20, default: 2 }),
    downloadAutoRetryCount: Type.Integer({
      minimum: 0,
      maximum: 5,
      default: 2,
      description:
        'How often a video that failed for a temporary reason (HTTP 403 on its media, a server error, a dropped connection) is downloaded again automatically; 0: never',
    }),
    downloadAutoRetryDelaySeconds: Type.Number({
      minimum: 0,
      maximum: 3600,
      default: 60,
      description: 'Wait before the first automatic retry; it doubles for each further one',
    }),
    concurrentFragments: Type.Integer({ minimum: 1, maximum: 16, default: 1, description: 'yt-dlp `-N`' }),
    concurrentJobs: Type.Integer({
      minimum: 1,
      maximum: 4,
      default: 1,
      description: 'Jobs that may run at the same time',
    }),
    platformRequestsPerHour: Type.Integer({
      minimum: 0,
      maximum: 100000,
      default: 0,
      description:
        'Requests to the platform per hour, listings, metadata and downloads together; yt-dlp sleeps between videos to stay under it; 0: no cap',
    }),
    platformGigabytesPerDay: Type.Number({
      minimum: 0,
      maximum: 100000,
      default: 0,
      description:
        'Gigabytes downloaded from the platform per 24 hours; automatic work waits when it is spent; 0: no cap',
    }),
    platformCooldownMinutes: Type.Integer({
      minimum: 0,
      maximum: 1440,
      default: 15,
      description:
        'Cool-down after the platform pushes back (HTTP 429, its bot check, a burst of 403s); each one in a row lasts twice as long, up to 16 times this; 0: never cool down',
    }),
    platformCooldown: managed(
      Type.String({
        maxLength: 500,
        default: '',
        description: 'The cool-down in force or last ended, kept across restarts (written by vidkeep)',
      }),
    ),
    downloadQueuePaused: managed(
      Type.Boolean({
        default: false,
        description: 'The download queue is paused: no job starts (`POST /api/queue/pause`, `/resume`)',
      }),
    ),
    ytdlpCustomArgs: Type.String({
      maxLength: 2000,
      default: '',
      description:
        'Extra yt-dlp arguments, shell-style quoting; options that would change paths, run commands or override managed settings are refused on save (400 naming the option) and at job start. `POST /api/ytdlp/validate-args` checks them with yt-dlp first',
    }),
    inactivityTimeoutMinutes: Type.Integer({
      minimum: 1,
      maximum: 1440,
      default: 30,
      description: 'A job whose yt-dlp prints nothing for this long is stopped (doubled while post-processing)',
    }),
    maxJobRuntimeHours: Type.Number({
      minimum: 0.01,
      maximum: 720,
      default: 6,
      description: 'Absolute runtime cap of a job; download-all jobs are exempt',
    }),
    storageMinFreeGb: Type.Number({
      minimum: 0,
      maximum: 1_000_000,
      default: 0,
      description: 'Pause downloads when the output filesystem has less free space (0: off)',
    }),
    storageMaxUsedGb: Type.Number({
      minimum: 0,
      maximum: 1_000_000,
      default: 0,
      description: 'Pause downloads when downloaded files use more (0: off)',
    }),
    jobHistoryDays: Type.Integer({
      minimum: 1,
      maximum: 3650,
      default: 90,
      description: 'Finished jobs older than this are removed',
    }),
    jobHistoryMax: Type.Integer({
      minimum: 10,
      maximum: 100_000,
      default: 1000,
      description: 'At most this many finished jobs are kept',
    }),
    ytdlpPath: Type.String({
      maxLength: 1024,
      default: '',
      description:
        'yt-dlp binary (empty: YTDLP_PATH if set, else the private yt-dlp that "Update yt-dlp" installs under CONFIG_DIR/yt-dlp, else `yt-dlp` on PATH)',
    }),
    pythonPath: Type.String({
      maxLength: 1024,
      default: '',
      description:
        'Python 3 used to install and update the private yt-dlp with pip (empty: `python3` on PATH; needs its venv module, Debian: python3-venv)',
    }),
    ffmpegPath: Type.String({ maxLength: 1024, default: '', description: 'ffmpeg binary (empty: `ffmpeg` on PATH)' }),
    ffprobePath: Type.String({
      maxLength: 1024,
      default: '',
      description: 'ffprobe binary (empty: `ffprobe` on PATH)',
    }),
  }),
  DOWNLOADER_PRESENTATION,
);

export type DownloaderConfigSection = Static<typeof DownloaderConfigSection>;
