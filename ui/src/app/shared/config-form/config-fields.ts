import type { ConfigFieldMeta, ConfigOwner } from './config-field-meta';
import type { GetConfigResponse } from './contracts';
import { MEDIA_SERVER_FIELDS } from './media-server-fields';
import { NOTIFICATION_FIELDS, RETENTION_FIELDS, WATCH_STATUS_FIELDS } from './watch-retention-fields';

/**
 * The settings form's picture of every config key (docs/configuration.md, contracts/src/config):
 * owner, control type and the schema rules the form can check before saving. The schemas
 * themselves are TypeBox values, which the UI must not bundle, so this table mirrors them;
 * `config-fields.spec.ts` compares it with the real schemas so the two cannot drift apart.
 */

export type { ConfigFieldMeta, ConfigOwner, FieldKind, FieldOption } from './config-field-meta';

/** `GET /getconfig`: the typed extras plus every non-secret key. */
export type ConfigView = GetConfigResponse & { [key: string]: unknown };

/** The extras of `GET /getconfig` that are not config keys. */
export const VIEW_EXTRAS: ReadonlySet<string> = new Set([
  'isPlatformManaged',
  'deploymentEnvironment',
  'sourceOutputDirectory',
  'configuredSecrets',
  'readOnlyKeys',
]);

export const OWNER_LABELS: Record<ConfigOwner, string> = {
  core: 'General',
  auth: 'Authentication',
  downloader: 'Downloads',
  scheduler: 'Scheduler',
  channels: 'Channels',
  plex: 'Plex',
  jellyfin: 'Jellyfin',
  emby: 'Emby',
  'watch-status': 'Watch status',
  retention: 'Retention',
  notifications: 'Notifications',
  other: 'Other (plugins)',
};

export const OWNER_ORDER: readonly ConfigOwner[] = [
  'core',
  'auth',
  'downloader',
  'channels',
  'scheduler',
  'plex',
  'jellyfin',
  'emby',
  'watch-status',
  'retention',
  'notifications',
  'other',
];

/** Mirrors contracts/src/config/downloader.ts. */
export const RESOLUTIONS = ['360', '480', '720', '1080', '1440', '2160'] as const;
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
export const RATE_PATTERN = '^$|^[0-9]+(\\.[0-9]+)?[KMG]?$';
/** Mirrors `FILENAME_PREFIX_PATTERN`: not blank, no `/`, `\`, `..` or control characters. */
export const FILENAME_PREFIX_PATTERN = '^(?!.*\\.\\.)(?=.*\\S)[^/\\\\\\u0000-\\u001f\\u007f]+$';

const CATEGORY_LABELS: Record<(typeof SPONSORBLOCK_CATEGORIES)[number], string> = {
  sponsor: 'Sponsor',
  intro: 'Intro',
  outro: 'Outro / end cards',
  selfpromo: 'Self-promotion',
  preview: 'Preview / recap',
  filler: 'Filler',
  interaction: 'Interaction reminder',
  music_offtopic: 'Non-music section',
};

const F = (meta: ConfigFieldMeta): ConfigFieldMeta => meta;

export const CONFIG_FIELDS: readonly ConfigFieldMeta[] = [
  // core
  F({ key: 'uuid', owner: 'core', label: 'Instance id', kind: 'string', managed: true }),
  F({
    key: 'mediaserverUrl',
    owner: 'core',
    label: 'Media server URL',
    kind: 'string',
    maxLength: 2048,
    description:
      'Base URL of the Plex server. While the MEDIASERVER_URL environment variable is set it wins and this field is read-only.',
    elsewhere: 'The media server URL is set in the Plex card on the Media servers page.',
  }),
  F({
    key: 'apiRateLimitPerMinute',
    owner: 'core',
    label: 'API rate limit',
    kind: 'integer',
    min: 0,
    max: 100_000,
    unit: 'requests per minute',
    description:
      'Requests per minute each client address may send to the API (the web UI, live updates and sign-in are not counted); 0 = no limit. Applies at once.',
  }),
  F({ key: 'pluginsDisabled', owner: 'core', label: 'Plugins switched off', kind: 'multi', managed: true }),
  // auth
  F({ key: 'username', owner: 'auth', label: 'Username', kind: 'string', managed: true }),
  F({ key: 'passwordHash', owner: 'auth', label: 'Password hash', kind: 'string', managed: true }),
  F({
    key: 'apiKeyRateLimit',
    owner: 'auth',
    label: 'API key rate limit',
    kind: 'integer',
    min: 1,
    max: 1000,
    unit: 'requests per minute',
    description:
      'Requests per minute allowed for each API key on the download endpoint (signed-in requests are not limited).',
  }),
  // downloader: files and format
  F({
    key: 'preferredResolution',
    owner: 'downloader',
    section: 'Files and format',
    label: 'Preferred resolution',
    kind: 'enum',
    options: RESOLUTIONS.map((r) => ({ value: r, label: `${r}p` })),
    description: 'Maximum video height used when a request, channel or playlist names none.',
  }),
  F({
    key: 'videoCodec',
    owner: 'downloader',
    section: 'Files and format',
    label: 'Video codec',
    kind: 'enum',
    options: [
      { value: 'default', label: 'Best mp4 (default)' },
      { value: 'h264', label: 'H.264 (AVC)' },
      { value: 'h265', label: 'H.265 (HEVC)' },
    ],
    description:
      'Preferred video codec; default takes the best mp4 the platform offers, H.264/H.265 fall back to other streams when none exists.',
  }),
  F({
    key: 'defaultSubfolder',
    owner: 'downloader',
    section: 'Files and format',
    label: 'Default subfolder',
    kind: 'string',
    maxLength: 100,
    pattern: '^$|^(?!__)(?!\\.)(?![Pp][Ll][Aa][Yy][Ll][Ii][Ss][Tt][Ss](?:__)?$)[^/\\\\\\u0000-\\u001f\\u007f]+$',
    patternHint:
      'One folder name: no slashes, not starting with . or __, and not playlists (reserved for the .m3u files)',
    description: 'Subfolder of the output directory for videos whose request or channel names none (empty: the root).',
  }),
  F({
    key: 'defaultSkipVideoFolder',
    owner: 'downloader',
    section: 'Files and format',
    label: 'No folder per video',
    kind: 'boolean',
    description: 'Put files directly in the channel folder instead of one folder per video.',
  }),
  F({
    key: 'writeVideoNfoFiles',
    owner: 'downloader',
    section: 'Files and format',
    label: 'Write .nfo files',
    kind: 'boolean',
    description: 'Write a Kodi/Jellyfin/Emby .nfo next to every video.',
  }),
  F({
    key: 'writeChannelPosters',
    owner: 'downloader',
    section: 'Files and format',
    label: 'Channel posters',
    kind: 'boolean',
    description:
      "Write the channel's picture as poster.jpg into each channel folder that has none (a poster already there stays). Switching it on fills the existing folders too.",
  }),
  F({
    key: 'writeVideoFanart',
    owner: 'downloader',
    section: 'Files and format',
    label: 'Fanart',
    kind: 'boolean',
    description: "Also copy each video's thumbnail as <name>-fanart.jpg (a background some media-server apps show).",
  }),
  F({
    key: 'setFileTimesToUploadDate',
    owner: 'downloader',
    section: 'Files and format',
    label: 'File times of the upload date',
    kind: 'boolean',
    description:
      'Date each downloaded file and its video folder by when the video was published, so media servers sort by it. Off: the time of the download.',
  }),
  F({
    key: 'videoFilenamePrefix',
    owner: 'downloader',
    section: 'Files and format',
    label: 'File name prefix',
    kind: 'string',
    minLength: 1,
    maxLength: 160,
    pattern: FILENAME_PREFIX_PATTERN,
    patternHint: 'Not empty, and no /, \\, .. or control characters',
    description:
      'A yt-dlp output template for the start of file and folder names; vidkeep adds [<id>].<ext> to files and - <id> to folders. New downloads only.',
  }),
  F({
    key: 'useTmpForDownloads',
    owner: 'downloader',
    section: 'Files and format',
    label: 'Stage downloads in a temporary directory',
    kind: 'boolean',
    description:
      'Download into the temporary directory and move finished files into the output directory. Off: staging happens in <output>/.vidkeep-staging.',
  }),
  F({
    key: 'tmpFilePath',
    owner: 'downloader',
    section: 'Files and format',
    label: 'Temporary directory',
    kind: 'string',
    minLength: 1,
    maxLength: 1024,
    description: 'The staging directory used while staging in a temporary directory is on.',
  }),
  // downloader: subtitles
  F({
    key: 'subtitlesEnabled',
    owner: 'downloader',
    section: 'Subtitles',
    label: 'Download subtitles',
    kind: 'boolean',
    description: 'Download subtitles (also automatic ones) and convert them to .srt.',
  }),
  F({
    key: 'subtitleLanguage',
    owner: 'downloader',
    section: 'Subtitles',
    label: 'Subtitle languages',
    kind: 'string',
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9_.,*-]+$',
    patternHint: 'Use letters, digits and _ . , * - only (e.g. en,de or en.*)',
    description: 'One language code or a comma-separated list (en,de); patterns like en.* are allowed.',
  }),
  // downloader: SponsorBlock
  F({
    key: 'sponsorblockEnabled',
    owner: 'downloader',
    section: 'SponsorBlock',
    label: 'Use SponsorBlock',
    kind: 'boolean',
    description: 'Remove or mark sponsored segments (needs at least one category).',
  }),
  F({
    key: 'sponsorblockAction',
    owner: 'downloader',
    section: 'SponsorBlock',
    label: 'SponsorBlock action',
    kind: 'enum',
    options: [
      { value: 'remove', label: 'Remove the segments' },
      { value: 'mark', label: 'Mark them as chapters' },
    ],
    description: 'Remove cuts the segments out of the file; mark keeps them and adds chapters.',
  }),
  F({
    key: 'sponsorblockCategories',
    owner: 'downloader',
    section: 'SponsorBlock',
    label: 'SponsorBlock categories',
    kind: 'multi',
    options: SPONSORBLOCK_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
    maxItems: SPONSORBLOCK_CATEGORIES.length,
    description: 'Segment categories to remove or mark.',
  }),
  F({
    key: 'sponsorblockApiUrl',
    owner: 'downloader',
    section: 'SponsorBlock',
    label: 'SponsorBlock API server',
    kind: 'string',
    maxLength: 2048,
    pattern: '^$|^https?://',
    patternHint: 'Leave empty or enter an http:// or https:// URL',
    description: 'Alternative SponsorBlock API server (empty: yt-dlp’s default).',
  }),
  // downloader: network
  F({
    key: 'cookiesEnabled',
    owner: 'downloader',
    section: 'Network',
    label: 'Use cookies',
    kind: 'boolean',
    description:
      'Give yt-dlp the cookie file uploaded under Cookies (bot checks, age-restricted or members-only videos). Uploading turns this on.',
  }),
  F({
    key: 'proxy',
    owner: 'downloader',
    section: 'Network',
    label: 'Proxy',
    kind: 'secret',
    maxLength: 2048,
    pattern: '^$|^(https?|socks4a?|socks5h?)://',
    patternHint: 'Use an http, https, socks4, socks4a, socks5 or socks5h URL (scheme://…)',
    description: 'Proxy for every yt-dlp call. It may hold credentials, so it is never shown.',
  }),
  F({
    key: 'ipFamily',
    owner: 'downloader',
    section: 'Network',
    label: 'IP version',
    kind: 'enum',
    options: [
      { value: 'ipv4', label: 'IPv4' },
      { value: 'ipv6', label: 'IPv6' },
      { value: 'auto', label: 'Automatic' },
    ],
    description: 'Force yt-dlp onto IPv4 or IPv6; automatic lets the system choose.',
  }),
  F({
    key: 'downloadRateLimit',
    owner: 'downloader',
    section: 'Network',
    label: 'Download speed limit',
    kind: 'string',
    maxLength: 20,
    pattern: RATE_PATTERN,
    patternHint: 'Bytes per second like 500K, 4.2M or 1G, or empty',
    description: 'Maximum download speed, e.g. 5M. Empty: unlimited.',
  }),
  F({
    key: 'downloadThrottledRate',
    owner: 'downloader',
    section: 'Network',
    label: 'Throttling threshold',
    kind: 'string',
    maxLength: 20,
    pattern: RATE_PATTERN,
    patternHint: 'Bytes per second like 100K, or empty',
    description: 'Slower than this, yt-dlp assumes throttling and fetches fresh stream URLs. Empty: off.',
  }),
  F({
    key: 'sleepRequests',
    owner: 'downloader',
    section: 'Network',
    label: 'Pause between requests',
    kind: 'number',
    min: 0,
    max: 30,
    unit: 'seconds',
    description: 'Wait between metadata requests (0: no pause).',
  }),
  F({
    key: 'downloadSocketTimeoutSeconds',
    owner: 'downloader',
    section: 'Network',
    label: 'Network timeout',
    kind: 'integer',
    min: 1,
    max: 600,
    unit: 'seconds',
    description: 'Network timeout of every yt-dlp call.',
  }),
  F({
    key: 'downloadRetryCount',
    owner: 'downloader',
    section: 'Network',
    label: 'Retries',
    kind: 'integer',
    min: 0,
    max: 20,
    description: 'How often a failed download or fragment is retried.',
  }),
  F({
    key: 'downloadAutoRetryCount',
    owner: 'downloader',
    section: 'Network',
    label: 'Automatic retries',
    kind: 'integer',
    min: 0,
    max: 5,
    description:
      'How often a video that failed for a passing reason (HTTP 403 on its media, a server error, a dropped connection) is downloaded again by itself; 0: never. Private, removed or blocked videos are never retried.',
  }),
  F({
    key: 'downloadAutoRetryDelaySeconds',
    owner: 'downloader',
    section: 'Network',
    label: 'Wait before a retry',
    kind: 'number',
    min: 0,
    max: 3600,
    unit: 'seconds',
    description: 'Wait before the first automatic retry; each further one waits twice as long.',
  }),
  F({
    key: 'concurrentFragments',
    owner: 'downloader',
    section: 'Network',
    label: 'Parallel fragments',
    kind: 'integer',
    min: 1,
    max: 16,
    description: 'Fragments of one video downloaded in parallel.',
  }),
  // downloader: jobs
  F({
    key: 'concurrentJobs',
    owner: 'downloader',
    section: 'Jobs',
    label: 'Parallel jobs',
    kind: 'integer',
    min: 1,
    max: 4,
    description: 'Download jobs that may run at the same time; others wait as queued.',
  }),
  F({
    key: 'ytdlpCustomArgs',
    owner: 'downloader',
    section: 'Jobs',
    label: 'Extra yt-dlp arguments',
    kind: 'string',
    maxLength: 2000,
    multiline: true,
    description:
      'Shell-style quoting, appended after the managed flags. Checked with yt-dlp as you type; options that change paths, run commands or override managed settings are refused.',
  }),
  F({
    key: 'inactivityTimeoutMinutes',
    owner: 'downloader',
    section: 'Jobs',
    label: 'Inactivity timeout',
    kind: 'integer',
    min: 1,
    max: 1440,
    unit: 'minutes',
    description: 'A job whose yt-dlp prints nothing for this long is stopped (doubled while post-processing).',
  }),
  F({
    key: 'maxJobRuntimeHours',
    owner: 'downloader',
    section: 'Jobs',
    label: 'Maximum job runtime',
    kind: 'number',
    min: 0.01,
    max: 720,
    unit: 'hours',
    description: 'Absolute runtime cap of a job; download-all jobs are exempt.',
  }),
  F({
    key: 'jobHistoryDays',
    owner: 'downloader',
    section: 'Jobs',
    label: 'Keep job history for',
    kind: 'integer',
    min: 1,
    max: 3650,
    unit: 'days',
    description: 'Finished jobs older than this are removed from the history (files stay).',
  }),
  F({
    key: 'jobHistoryMax',
    owner: 'downloader',
    section: 'Jobs',
    label: 'Maximum jobs in history',
    kind: 'integer',
    min: 10,
    max: 100_000,
    description: 'At most this many finished jobs are kept.',
  }),
  // downloader: storage
  F({
    key: 'storageMinFreeGb',
    owner: 'downloader',
    section: 'Storage',
    label: 'Minimum free space',
    kind: 'number',
    min: 0,
    max: 1_000_000,
    unit: 'GB',
    description: 'Pause downloads while the output filesystem has less free space (0: off).',
  }),
  F({
    key: 'storageMaxUsedGb',
    owner: 'downloader',
    section: 'Storage',
    label: 'Maximum space used',
    kind: 'number',
    min: 0,
    max: 1_000_000,
    unit: 'GB',
    description: 'Pause downloads while downloaded files use this much or more (0: off).',
  }),
  // downloader: tools
  F({
    key: 'ytdlpPath',
    owner: 'downloader',
    section: 'Tools',
    label: 'yt-dlp path',
    kind: 'string',
    maxLength: 1024,
    description:
      "yt-dlp binary. Empty: YTDLP_PATH if set, else vidkeep's own copy once installed (Update yt-dlp), else yt-dlp on PATH.",
  }),
  F({
    key: 'pythonPath',
    owner: 'downloader',
    section: 'Tools',
    label: 'Python for the private yt-dlp',
    kind: 'string',
    maxLength: 1024,
    description: 'Python 3 that installs and updates vidkeep’s own yt-dlp with pip. Empty: python3 on PATH.',
  }),
  F({
    key: 'ffmpegPath',
    owner: 'downloader',
    section: 'Tools',
    label: 'ffmpeg path',
    kind: 'string',
    maxLength: 1024,
    description: 'ffmpeg binary. Empty: ffmpeg on PATH.',
  }),
  F({
    key: 'ffprobePath',
    owner: 'downloader',
    section: 'Tools',
    label: 'ffprobe path',
    kind: 'string',
    maxLength: 1024,
    description: 'ffprobe binary. Empty: ffprobe on PATH.',
  }),
  // scheduler
  F({
    key: 'schedules',
    owner: 'scheduler',
    label: 'Task schedules',
    kind: 'string',
    elsewhere: 'Task schedules are changed under Scheduled tasks below.',
  }),
  F({
    key: 'schedulerShutdownWaitSeconds',
    owner: 'scheduler',
    label: 'Shutdown wait',
    kind: 'integer',
    min: 0,
    max: 600,
    unit: 'seconds',
    description: 'How long a shutdown waits for running tasks before marking them interrupted.',
  }),
  // channels
  F({
    key: 'channelFilesToDownload',
    owner: 'channels',
    label: 'Videos checked per tab',
    kind: 'integer',
    min: 1,
    max: 50,
    description: 'Automatic downloads look at this many newest videos of every enabled tab per run.',
  }),
  F({
    key: 'sourceApiKey',
    owner: 'channels',
    label: 'Data API key',
    kind: 'secret',
    maxLength: 200,
    pattern: '^[A-Za-z0-9_-]*$',
    patternHint: 'Letters, digits, _ and - only',
    description:
      'Optional key of the platform’s Data API. With it, channel search and tab counts use the API; without it, yt-dlp.',
  }),
  F({
    key: 'tabCountBatchSize',
    owner: 'channels',
    label: 'Tab-count batch size',
    kind: 'integer',
    min: 1,
    max: 1000,
    description: 'Without a Data API key, the daily tab-count refresh looks up at most this many channels.',
  }),
  ...MEDIA_SERVER_FIELDS,
  ...WATCH_STATUS_FIELDS,
  ...RETENTION_FIELDS,
  ...NOTIFICATION_FIELDS,
];

export const FIELD_BY_KEY: ReadonlyMap<string, ConfigFieldMeta> = new Map(CONFIG_FIELDS.map((f) => [f.key, f]));

/** A field as the form shows it: the metadata plus its state on this server. */
export interface ConfigField extends ConfigFieldMeta {
  /** The current value (undefined for secrets, which are never returned). */
  value: unknown;
  /** Why the field cannot be changed here, or null when it can. */
  readOnly: string | null;
  /** For secrets: whether a value is stored. */
  secretSet: boolean;
}

export interface ConfigSectionGroup {
  title: string | null;
  fields: ConfigField[];
}

export interface ConfigGroup {
  owner: ConfigOwner;
  label: string;
  sections: ConfigSectionGroup[];
  /** Keys of this owner that are edited elsewhere, with the reason. */
  notes: string[];
}

/** `meta` as the form shows it on this server (secrets are never returned: only whether one is set). */
export function configField(meta: ConfigFieldMeta, view: ConfigView): ConfigField {
  const secret = meta.kind === 'secret';
  return {
    ...meta,
    value: secret ? undefined : view[meta.key],
    readOnly: readOnlyReason(meta.key, view),
    secretSet: secret && (view.configuredSecrets ?? []).includes(meta.key),
  };
}

/** Why `key` is read-only on this server (spec 1.2 and `readOnlyKeys`), or null. */
export function readOnlyReason(key: string, view: ConfigView): string | null {
  const managed = view.isPlatformManaged;
  const platform = view.deploymentEnvironment?.platform;
  if (key === 'mediaserverUrl' && managed?.mediaserverUrl)
    return 'Set by the MEDIASERVER_URL environment variable, which takes precedence.';
  if ((key === 'useTmpForDownloads' || key === 'tmpFilePath') && managed?.useTmpForDownloads) {
    return `Managed by the hosting platform${platform ? ` (${platform})` : ''}: downloads are always staged in its temporary directory.`;
  }
  if (view.readOnlyKeys?.includes(key)) return 'Forced by the server’s environment; change it there.';
  return null;
}

/** Why the output directory is what it is (it is never editable here). */
export function outputDirectoryNote(view: ConfigView): string {
  return view.isPlatformManaged?.sourceOutputDirectory
    ? 'Managed by the platform through DATA_PATH.'
    : 'Set by SOURCE_OUTPUT_DIR (default ./data) in the server environment.';
}

function inferMeta(key: string, value: unknown): ConfigFieldMeta | null {
  const label = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
  if (typeof value === 'boolean') return { key, owner: 'other', label, kind: 'boolean' };
  if (typeof value === 'number')
    return { key, owner: 'other', label, kind: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value === 'string') return { key, owner: 'other', label, kind: 'string' };
  return null; // objects and lists of unknown shape are not editable here
}

/**
 * The form's groups, in owner order: known keys present on this server (a disabled plugin's keys
 * are absent), secrets of present owners, then unknown plugin keys whose type can be inferred.
 * Managed keys and keys edited elsewhere are left out.
 */
export function buildConfigGroups(view: ConfigView): ConfigGroup[] {
  const secrets = new Set(view.configuredSecrets ?? []);
  const presentOwners = new Set<ConfigOwner>();
  for (const key of Object.keys(view)) {
    const meta = FIELD_BY_KEY.get(key);
    if (meta) presentOwners.add(meta.owner);
  }
  const byOwner = new Map<ConfigOwner, ConfigField[]>();
  const notes = new Map<ConfigOwner, string[]>();
  const add = (field: ConfigField) => byOwner.set(field.owner, [...(byOwner.get(field.owner) ?? []), field]);

  for (const meta of CONFIG_FIELDS) {
    if (meta.managed) continue;
    const present = meta.kind === 'secret' ? presentOwners.has(meta.owner) || secrets.has(meta.key) : meta.key in view;
    if (!present) continue;
    if (meta.elsewhere) {
      const list = notes.get(meta.owner) ?? [];
      if (!list.includes(meta.elsewhere)) notes.set(meta.owner, [...list, meta.elsewhere]);
      continue;
    }
    add(configField(meta, view));
  }
  for (const [key, value] of Object.entries(view)) {
    if (VIEW_EXTRAS.has(key) || FIELD_BY_KEY.has(key)) continue;
    const meta = inferMeta(key, value);
    if (meta) add({ ...meta, value, readOnly: readOnlyReason(key, view), secretSet: false });
  }

  return OWNER_ORDER.filter((o) => byOwner.has(o) || notes.has(o)).map((owner) => {
    const sections: ConfigSectionGroup[] = [];
    for (const field of byOwner.get(owner) ?? []) {
      const title = field.section ?? null;
      const last = sections[sections.length - 1];
      if (last && last.title === title) last.fields.push(field);
      else sections.push({ title, fields: [field] });
    }
    return { owner, label: OWNER_LABELS[owner], sections, notes: notes.get(owner) ?? [] };
  });
}

/** The hint under a number field: "1–1000 requests per minute". */
export function rangeHint(meta: Pick<ConfigFieldMeta, 'min' | 'max' | 'unit'>): string {
  const fmt = (n: number) => n.toLocaleString('en-US');
  const range =
    meta.min !== undefined && meta.max !== undefined
      ? `${fmt(meta.min)}–${fmt(meta.max)}`
      : meta.min !== undefined
        ? `at least ${fmt(meta.min)}`
        : meta.max !== undefined
          ? `at most ${fmt(meta.max)}`
          : '';
  return [range, meta.unit].filter(Boolean).join(' ');
}
