import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AudioFormat, DownloaderConfigSection, Resolution } from '@vidkeep/contracts';
import type { DownloaderJob } from '../../entities.js';
import type { CookieLease } from '../cookies.js';
import { buildDownloadArgs } from '../../ytdlp/args.js';
import { parseCustomArgs } from '../../ytdlp/custom-args.js';
import { diagnose, type Classified } from '../../ytdlp/failures.js';
import { ToolProcess } from '../../ytdlp/process.js';
import { unsupportedVersionProblem } from '../../ytdlp/versions.js';
import type { ChannelSettingsCache } from './channel-settings.js';
import type { JobRunDeps } from './deps.js';
import { formatSettings } from './download-settings.js';

const MINUTE = 60_000;

/**
 * A job ready to download, or why it cannot start (`message` replaces the job's summary). A
 * ready job holds its copy of the cookie file (if any) until it releases it after yt-dlp exits.
 */
export type Prepared =
  | {
      ok: true;
      /** The yt-dlp the arguments were built for, and whether it is older than the newest release. */
      binary: string;
      outdated: boolean | null;
      args: string[];
      resolution: Resolution;
      audioFormat: AudioFormat | null;
      cookies: CookieLease | null;
    }
  | { ok: false; problem: Classified; message: string | null };

/**
 * Gets a job's download ready: a writable library, a fresh staging folder, valid custom
 * arguments, a supported yt-dlp, and its command line for the job's videos with the channel's
 * format settings (built for what that yt-dlp understands).
 */
export async function prepareDownload(
  deps: Pick<JobRunDeps, 'paths' | 'cookies' | 'tools' | 'gate'>,
  input: {
    job: DownloaderJob;
    stagingDir: string;
    config: DownloaderConfigSection;
    channels: ChannelSettingsCache;
    urls: string[];
  },
): Promise<Prepared> {
  const { job, stagingDir, config } = input;
  const problem = await preflight(deps.paths.outputDir, job.id, stagingDir);
  if (problem) return { ok: false, problem, message: null };
  const custom = parseCustomArgs(config.ytdlpCustomArgs);
  if (!custom.ok)
    return {
      ok: false,
      problem: diagnose('unknown', { detail: `ytdlpCustomArgs: ${custom.error}` }),
      message: `The custom yt-dlp arguments in Settings are invalid: ${custom.error}`,
    };
  const ytdlp = await deps.tools.ytdlp();
  const tooOld = unsupportedVersionProblem(ytdlp.version, ytdlp.path);
  if (tooOld) return { ok: false, problem: diagnose('ytdlp_outdated', { detail: tooOld }), message: tooOld };
  const owner = await input.channels.get(job.options.ownerChannelId);
  const { resolution, audioFormat } = formatSettings(job.options, owner, config);
  const { archiveFile } = deps.paths;
  const cookies = await deps.cookies.lease();
  const args = buildDownloadArgs({
    config,
    resolution,
    audioFormat,
    stagingDir,
    ffmpegPath: config.ffmpegPath.trim() || null,
    cookiesFile: cookies?.path ?? null,
    archiveFile: job.options.useArchive ? archiveFile : null,
    customArgs: custom.args,
    urls: input.urls,
    caps: ytdlp.caps,
    sleeps: deps.gate?.sleeps() ?? null,
  });
  const outdated = deps.tools.outdated(ytdlp.version);
  return { ok: true, binary: ytdlp.path, outdated, args, resolution, audioFormat, cookies };
}

/** The job's yt-dlp, stopped when it is quiet too long or (unless exempt) runs too long. */
export function startDownload(
  deps: Pick<JobRunDeps, 'env'>,
  input: {
    job: DownloaderJob;
    binary: string;
    args: string[];
    stagingDir: string;
    config: DownloaderConfigSection;
    inactivityMs: number;
    onLine: (line: string) => void;
  },
): ToolProcess {
  const { job, stagingDir, config } = input;
  const exempt = job.options.exemptFromRuntimeCap === true;
  return new ToolProcess(input.binary, input.args, {
    env: { ...deps.env, PYTHONUNBUFFERED: '1', PYTHONWARNINGS: 'ignore', TMPDIR: join(stagingDir, '.parts') },
    cwd: stagingDir,
    inactivityMs: input.inactivityMs,
    maxRuntimeMs: exempt ? null : Math.round(config.maxJobRuntimeHours * 60 * MINUTE),
    onLine: input.onLine,
  });
}

export const inactivityMsOf = (config: DownloaderConfigSection): number => config.inactivityTimeoutMinutes * MINUTE;

/**
 * Output directory writable, staging directory there. A job that was paused (or stopped by a
 * shutdown) finds its partial files again: yt-dlp continues them instead of starting over.
 */
async function preflight(outputDir: string, jobId: string, stagingDir: string): Promise<Classified | null> {
  try {
    await mkdir(outputDir, { recursive: true });
    const probe = join(outputDir, `.vidkeep-write-test-${jobId}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return diagnose(code === 'ENOSPC' ? 'disk_full' : 'output_not_writable', {
      detail: `${outputDir}: ${code ?? (err as Error).message}`,
    });
  }
  await mkdir(join(stagingDir, '.parts'), { recursive: true });
  return null;
}
