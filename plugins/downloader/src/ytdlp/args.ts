import {
  DEFAULT_FILENAME_PREFIX,
  type AudioFormat,
  type DownloaderConfigSection,
  type Resolution,
} from '@vidkeep/contracts';

/** Markers the service asks yt-dlp to print; nothing else in the output starts with them. */
export const PROGRESS_MARK = '[vidkeep:progress]';
export const DONE_MARK = '[vidkeep:done]';

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

/** The per-video folder and file name templates of a prefix. */
export function fileTemplates(prefix: string = DEFAULT_FILENAME_PREFIX): { folder: string; file: string } {
  return { folder: `${prefix} - %(id)s`, file: `${prefix} [%(id)s].%(ext)s` };
}

/** The `-o` template of a download: `<id>/<channel>/<video folder>/<file>` under the staging folder. */
export function stagingTemplate(prefix: string = DEFAULT_FILENAME_PREFIX): string {
  const { folder, file } = fileTemplates(prefix);
  return `%(id)s/${CHANNEL_SEGMENT}/${folder}/${file}`;
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

/** Flags shared by every yt-dlp call (downloads, metadata): network identity and pacing. */
export function commonArgs(
  config: DownloaderConfigSection,
  cookiesFile: string | null,
  opts: { sleep: boolean },
): string[] {
  const args = ['--ignore-config', '--no-color'];
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
  const args = commonArgs(config, input.cookiesFile, { sleep: true });
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
    '--output-na-placeholder',
    NA_PLACEHOLDER,
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
    '--match-filter',
    BASE_MATCH_FILTER,
  );
  args.push('-o', stagingTemplate(config.videoFilenamePrefix));
  if (config.sponsorblockEnabled && config.sponsorblockCategories.length > 0) {
    const cats = config.sponsorblockCategories.join(',');
    args.push(config.sponsorblockAction === 'mark' ? '--sponsorblock-mark' : '--sponsorblock-remove', cats);
    if (config.sponsorblockApiUrl) args.push('--sponsorblock-api', config.sponsorblockApiUrl);
  }
  // After every file is final: print the id and the path (shell-quoted by yt-dlp) on stdout.
  args.push('--exec', `printf '${DONE_MARK} %%s %%s\\n' %(id)s {}`);
  // User arguments go last so yt-dlp's "last one wins" lets them tune retries and the like.
  args.push(...input.customArgs);
  args.push('--', ...input.urls);
  return args;
}

/** Arguments of a metadata lookup for one video (no download). */
export function buildMetadataArgs(config: DownloaderConfigSection, cookiesFile: string | null, url: string): string[] {
  return [
    ...commonArgs(config, cookiesFile, { sleep: false }),
    '--skip-download',
    '--dump-single-json',
    '--no-playlist',
    '--',
    url,
  ];
}
