import {
  type PlatformSleeps,
  DEFAULT_FILENAME_PREFIX,
  type SourceQueryOptions,
  type AudioFormat,
  type DownloaderConfigSection,
  type Resolution,
} from '@vidkeep/contracts';
import { jsRuntimeArgs, type YtDlpCapabilities } from './capabilities.js';

/** Markers the service asks yt-dlp to print; nothing else in the output starts with them. */
export const PROGRESS_MARK = '[vidkeep:progress]';
export const DONE_MARK = '[vidkeep:done]';
/** The `--exec` command printing {@link DONE_MARK}, the id and the final path of a finished video. */
export const DONE_EXEC = `printf '${DONE_MARK} %%s %%s\\n' %(id)q %(filepath,_filename|)q`;

/** Fields of yt-dlp's progress dict printed as JSON on every tick. */
const PROGRESS_FIELDS = 'status,downloaded_bytes,total_bytes,total_bytes_estimate,speed,eta,filename';

export const BASE_MATCH_FILTER = 'availability!=subscriber_only & !is_live & live_status!=is_upcoming';

/**
 * Output naming (documented in docs/downloads.md), chosen so Plex, Jellyfin and Emby match a
 * file with its poster, NFO and subtitles, and so people coming from Youtarr keep their layout:
 *   <Channel>/<prefix> - <id>/<prefix> [<id>].<ext>
 * where `<prefix>` is `videoFilenamePrefix` (default `<Channel> - <Title>`). The suffixes are
 * fixed: the `[<id>]` is what media servers and the file rescan key on. Staging always uses the
 * nested shape under a per-video root (`<id>/`); the flat layout (skipVideoFolder) is applied
 * when the files move into the output directory.
 */
export const CHANNEL_SEGMENT = '%(uploader,channel,uploader_id).80B';
/** What a field the video lacks is rendered as (a channel without a name). */
export const NA_PLACEHOLDER = 'Unknown Channel';

/**
 * Gives every field of an output template that has no default of its own (`|...`) the default
 * {@link NA_PLACEHOLDER}: `%(uploader,channel)s` becomes `%(uploader,channel|Unknown Channel)s`. This
 * replaces `--output-na-placeholder`, which current yt-dlp also applies to `--exec` commands and
 * refuses there when it holds a space. `%%(` is a literal and stays as it is.
 */
export function withFieldDefaults(template: string, fallback: string = NA_PLACEHOLDER): string {
  return template.replace(/(%+)\(([^()%]{1,200})\)/g, (whole, percents: string, field: string) => {
    if (percents.length % 2 === 0 || field.includes('|')) return whole;
    return `${percents}(${field}|${fallback})`;
  });
}

/** The per-video folder and file name templates of a prefix. */
export function fileTemplates(prefix: string = DEFAULT_FILENAME_PREFIX): { folder: string; file: string } {
  const named = withFieldDefaults(prefix);
  return { folder: `${named} - %(id)s`, file: `${named} [%(id)s].%(ext)s` };
}

/** The `-o` template of a download: `<id>/<channel>/<video folder>/<file>` under the staging folder. */
export function stagingTemplate(prefix: string = DEFAULT_FILENAME_PREFIX): string {
  const { folder, file } = fileTemplates(prefix);
  return `%(id)s/${withFieldDefaults(CHANNEL_SEGMENT)}/${folder}/${file}`;
}

export interface DownloadArgsInput {
  config: DownloaderConfigSection;
  resolution: Resolution;
  audioFormat: AudioFormat | null;
  /** Per-job staging directory (absolute). */
  stagingDir: string;
  ffmpegPath: string | null;
  cookiesFile: string | null;
  archiveFile: string | null;
  /** Validated custom arguments. */
  customArgs: string[];
  urls: string[];
  /** What the yt-dlp that runs the download understands. */
  caps: YtDlpCapabilities;
  /** Sleeps derived from the platform budget (`platformRequestsPerHour`); null: `sleepRequests` only. */
  sleeps?: PlatformSleeps | null;
}

export function formatSelector(
  resolution: Resolution,
  codec: DownloaderConfigSection['videoCodec'],
  audioFormat: AudioFormat | null,
): string {
  if (audioFormat === 'mp3_only') return 'bestaudio[ext=m4a]/bestaudio/best';
  const r = Number(resolution);
  const a = 'bestaudio[ext=m4a]/bestaudio';
  if (codec === 'h264' || codec === 'h265') {
    const prefix = codec === 'h264' ? 'avc' : 'hev';
    return `bestvideo[height<=${r}][ext=mp4][vcodec^=${prefix}]+${a}/bestvideo[height<=${r}][ext=mp4]+${a}/best[height<=${r}][ext=mp4]/best[height<=${r}]/best`;
  }
  // Above 1080p the platform serves only VP9/AV1: take any container and merge into mp4.
  if (r > 1080) return `bestvideo[height<=${r}]+${a}/best[height<=${r}]/best`;
  return `bestvideo[height<=${r}][ext=mp4]+${a}/bestvideo[height<=${r}]+${a}/best[height<=${r}][ext=mp4]/best[height<=${r}]/best`;
}

/**
 * Flags shared by every yt-dlp call (downloads, metadata, listings): network identity, pacing and
 * the JavaScript runtime of builds that take one.
 */
export function commonArgs(
  config: DownloaderConfigSection,
  cookiesFile: string | null,
  opts: { sleep: boolean; caps: YtDlpCapabilities },
): string[] {
  const args = ['--ignore-config', '--no-colors', ...jsRuntimeArgs(opts.caps)];
  if (config.ipFamily === 'ipv4') args.push('--force-ipv4');
  else if (config.ipFamily === 'ipv6') args.push('--force-ipv6');
  if (config.proxy) args.push('--proxy', config.proxy);
  if (opts.sleep && config.sleepRequests > 0) args.push('--sleep-requests', String(config.sleepRequests));
  if (cookiesFile) args.push('--cookies', cookiesFile);
  args.push('--socket-timeout', String(config.downloadSocketTimeoutSeconds));
  return args;
}

/** The whole download command line, one process per job, in a fixed documented order. */
export function buildDownloadArgs(input: DownloadArgsInput): string[] {
  const { config } = input;
  const { sleeps } = input;
  const paced = sleeps ? { ...config, sleepRequests: sleeps.requestSeconds } : config;
  const args = commonArgs(paced, input.cookiesFile, { sleep: true, caps: input.caps });
  if (sleeps)
    args.push('--sleep-interval', String(sleeps.minSeconds), '--max-sleep-interval', String(sleeps.maxSeconds));
  if (config.downloadRateLimit) args.push('--limit-rate', config.downloadRateLimit);
  args.push(
    '--paths',
    input.stagingDir,
    '--paths',
    `temp:${input.stagingDir}/.parts`,
    '--windows-filenames',
    '--no-playlist',
    '--no-mtime',
    '--retries',
    String(config.downloadRetryCount),
    '--fragment-retries',
    String(config.downloadRetryCount),
    '--extractor-retries',
    '3',
  );
  if (config.downloadThrottledRate) args.push('--throttled-rate', config.downloadThrottledRate);
  if (config.concurrentFragments > 1) args.push('--concurrent-fragments', String(config.concurrentFragments));
  if (input.ffmpegPath) args.push('--ffmpeg-location', input.ffmpegPath);
  args.push(
    '--newline',
    '--progress',
    '--progress-template',
    `download:${PROGRESS_MARK} %(info.id)s %(progress.{${PROGRESS_FIELDS}})j`,
    '-f',
    formatSelector(input.resolution, config.videoCodec, input.audioFormat),
  );
  if (input.audioFormat !== 'mp3_only') args.push('--merge-output-format', 'mp4');
  args.push('--write-thumbnail', '--convert-thumbnails', 'jpg');
  if (input.audioFormat === 'mp3_only')
    args.push('--extract-audio', '--audio-format', 'mp3', '--audio-quality', '192K');
  else if (input.audioFormat === 'video_mp3')
    args.push('--extract-audio', '--keep-video', '--audio-format', 'mp3', '--audio-quality', '192K');
  if (config.subtitlesEnabled) {
    args.push('--write-subs', '--write-auto-subs', '--sub-langs', config.subtitleLanguage, '--convert-subs', 'srt');
  }
  if (input.archiveFile) args.push('--download-archive', input.archiveFile);
  args.push(
    '--embed-metadata',
    '--write-info-json',
    '--no-write-playlist-metafiles',
    '--match-filters',
    BASE_MATCH_FILTER,
  );
  args.push('-o', stagingTemplate(config.videoFilenamePrefix));
  if (config.sponsorblockEnabled && config.sponsorblockCategories.length > 0) {
    const cats = config.sponsorblockCategories.join(',');
    args.push(config.sponsorblockAction === 'mark' ? '--sponsorblock-mark' : '--sponsorblock-remove', cats);
    if (config.sponsorblockApiUrl) args.push('--sponsorblock-api', config.sponsorblockApiUrl);
  }
  // After every file is final: print the id and the final path on stdout. Fields in an --exec
  // command must use the shell-quoting `q` conversion: yt-dlp 2026 refuses `%(id)s` there, and
  // `{}` is only replaced when the command has no fields at all.
  args.push('--exec', DONE_EXEC);
  // User arguments go last so yt-dlp's "last one wins" lets them tune retries and the like.
  args.push(...input.customArgs);
  args.push('--', ...input.urls);
  return args;
}

/** Arguments of a metadata lookup for one video (no download). */
export function buildMetadataArgs(
  config: DownloaderConfigSection,
  cookiesFile: string | null,
  url: string,
  caps: YtDlpCapabilities,
): string[] {
  return [
    ...commonArgs(config, cookiesFile, { sleep: false, caps }),
    '--skip-download',
    '--dump-single-json',
    '--no-playlist',
    '--',
    url,
  ];
}

/** The listing options of {@link buildListingArgs}: how far to read and how to report pages. */
export type ListingOptions = Pick<
  SourceQueryOptions,
  'playlistEnd' | 'playlistItems' | 'approximateDate' | 'sleep' | 'lazy'
> & { verbose?: boolean };

/**
 * Arguments of a listing or page lookup (channels, tabs, playlists, search): flat entries, no
 * download. `mode` is `--dump-single-json` (one document) or `--dump-json` (one entry per line).
 */
export function buildListingArgs(
  config: DownloaderConfigSection,
  cookiesFile: string | null,
  url: string,
  mode: '--dump-single-json' | '--dump-json',
  options: ListingOptions,
  caps: YtDlpCapabilities,
): string[] {
  const args = [
    ...commonArgs(config, cookiesFile, { sleep: options.sleep === true, caps }),
    '--flat-playlist',
    '--no-warnings',
    mode,
  ];
  if (options.playlistEnd !== undefined) args.push('--playlist-end', String(options.playlistEnd));
  if (options.playlistItems !== undefined) args.push('--playlist-items', options.playlistItems);
  if (options.approximateDate) args.push('--extractor-args', 'youtubetab:approximate_date');
  if (options.lazy) args.push('--lazy-playlist');
  // The page lines are screen output, which --dump-json silences unless verbose.
  if (options.verbose) args.push('--verbose');
  args.push('--', url);
  return args;
}
