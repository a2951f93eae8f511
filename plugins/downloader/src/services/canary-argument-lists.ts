/** Every argument list vidkeep may build for yt-dlp, and yt-dlp's own parser run over each. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloaderConfigSection } from '@vidkeep/contracts';
import { buildDownloadArgs, buildListingArgs, buildMetadataArgs } from '../ytdlp/args.js';
import type { YtDlpCapabilities } from '../ytdlp/capabilities.js';
import { parseCustomArgs } from '../ytdlp/custom-args.js';
import { parseCheck, type ParseCheck } from '../ytdlp/parse-check.js';
import { CANARY_URL } from './canary-video.js';

/** How long yt-dlp may take to parse one argument list (a Python start, about 0.5 s). */
const PARSE_TIMEOUT_MS = 20_000;

/**
 * Every long option vidkeep may pass: a download with each optional feature on, audio-only and
 * video with mp3, cookies and the archive, a metadata lookup and a listing with every listing
 * option, and the user's custom arguments. Their files lie in `dir`, one folder per list
 * ({@link argumentListDir}): yt-dlp writes its cookie jar back when it exits, even when it only
 * parsed its options, so the paths must be the caller's own and never shared between lists that
 * run side by side.
 */
export function everyArgumentList(config: DownloaderConfigSection, caps: YtDlpCapabilities, dir: string): string[][] {
  const full: DownloaderConfigSection = {
    ...config,
    subtitlesEnabled: true,
    sponsorblockEnabled: true,
    sponsorblockCategories: ['sponsor'],
    sponsorblockApiUrl: 'https://sponsor.ajay.app',
    downloadRateLimit: config.downloadRateLimit || '10M',
    downloadThrottledRate: config.downloadThrottledRate || '100K',
    concurrentFragments: Math.max(2, config.concurrentFragments),
    proxy: config.proxy || 'http://127.0.0.1:1',
    sleepRequests: Math.max(1, config.sleepRequests),
    ipFamily: 'ipv4',
  };
  const custom = parseCustomArgs(config.ytdlpCustomArgs);
  const files = (n: number) => {
    const own = argumentListDir(dir, n);
    return {
      stagingDir: join(own, 'staging'),
      cookiesFile: join(own, 'cookies.txt'),
      archiveFile: join(own, 'archive.txt'),
    };
  };
  const base = {
    config: full,
    resolution: full.preferredResolution,
    ffmpegPath: '/usr/bin/ffmpeg',
    customArgs: custom.ok ? custom.args : [],
    urls: [CANARY_URL],
    caps,
  };
  return [
    buildDownloadArgs({ ...base, ...files(0), audioFormat: null }),
    buildDownloadArgs({ ...base, ...files(1), audioFormat: 'mp3_only' }),
    buildDownloadArgs({
      ...base,
      ...files(2),
      audioFormat: 'video_mp3',
      config: { ...full, sponsorblockAction: 'mark' },
    }),
    buildMetadataArgs(full, files(3).cookiesFile, CANARY_URL, caps),
    buildListingArgs(
      full,
      files(4).cookiesFile,
      CANARY_URL,
      '--dump-json',
      { playlistEnd: 5, playlistItems: '1-5', approximateDate: true, sleep: true, lazy: true, verbose: true },
      caps,
    ),
  ];
}

/** The folder of argument list `n` of {@link everyArgumentList} under `dir`. */
export const argumentListDir = (dir: string, n: number): string => join(dir, `list-${n}`);

/**
 * Runs yt-dlp's own parser over every argument list of {@link everyArgumentList}, side by side
 * (each is a Python start of ~0.5 s), each list with its folder under `dir` created first.
 */
export async function checkEveryArgumentList(
  binary: string,
  config: DownloaderConfigSection,
  caps: YtDlpCapabilities,
  dir: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = PARSE_TIMEOUT_MS,
): Promise<{ lists: string[][]; checks: ParseCheck[] }> {
  const lists = everyArgumentList(config, caps, dir);
  await Promise.all(lists.map((_, n) => mkdir(argumentListDir(dir, n), { recursive: true })));
  const checks = await Promise.all(lists.map((args) => parseCheck(binary, args, env, timeoutMs)));
  return { lists, checks };
}
