import { copyFile, mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { RecordFiles } from '@vidkeep/contracts';
import { runToCompletion } from '../ytdlp/process.js';
import {
  listFiles,
  placeDirectory,
  placeFile,
  safeJoin,
  buildNfo,
  type NfoInput,
  ratingTarget,
  writeMp4Rating,
  type DecidedRating,
} from '@vidkeep/library-files';

const VIDEO_EXT = new Set(['.mp4', '.mkv', '.webm', '.m4v', '.mov']);
const AUDIO_EXT = new Set(['.mp3', '.m4a', '.opus', '.ogg', '.flac']);
const FRAGMENT = /\.f\d+\.\w+$/;

export interface InfoJson extends NfoInput {
  channel_id?: string;
  thumbnail?: string;
  media_type?: string;
  live_status?: string;
  width?: unknown;
  height?: unknown;
  [key: string]: unknown;
}

export interface FinalizeInput {
  sourceId: string;
  /** `<staging>/<jobId>/<sourceId>`: everything yt-dlp wrote for this video. */
  stagingRoot: string;
  /** Its info.json, when already read (else it is read here). */
  info?: InfoJson;
  outputDir: string;
  /** Where the info.json is kept (`<jobsDir>/info`). */
  infoDir: string;
  imagesDir: string;
  /** Resolved subfolder (without the `__` prefix), or null for the output root. */
  subfolder: string | null;
  skipVideoFolder: boolean;
  /** Channel folder name to use instead of the one yt-dlp made (a channel's configured folder). */
  channelFolder: string | null;
  writeNfo: boolean;
  /** Also copy the thumbnail as `<name>-fanart.jpg` (`writeVideoFanart`). */
  writeFanart: boolean;
  /** Set the files' and the video folder's modification time to the publication time (`setFileTimesToUploadDate`). */
  setFileTimes: boolean;
  additionalTags: string[];
  /** The decided content rating (reference 8.9), written into the NFO and an MP4's iTunes tags. */
  rating?: DecidedRating;
  ffmpeg: string;
  ffprobe: string;
  env: NodeJS.ProcessEnv;
}

export interface FinalizedVideo extends RecordFiles {
  info: InfoJson;
  infoPath: string;
  /** Something that did not work but does not fail the download (a rating not written into the file). */
  warnings: string[];
  /** The channel folder the files went into (where `poster.jpg` belongs). */
  channelDir: string;
}

/** The exact publication time of a full info dict: `timestamp`, else `upload_date` at 00:00 UTC. */
export function publishedAtOf(info: Record<string, unknown>): Date | null {
  if (typeof info.timestamp === 'number' && Number.isFinite(info.timestamp) && info.timestamp > 0)
    return new Date(info.timestamp * 1000);
  const d = typeof info.upload_date === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(info.upload_date) : null;
  return d ? new Date(`${d[1]}-${d[2]}-${d[3]}T00:00:00.000Z`) : null;
}

/**
 * `WIDTHxHEIGHT` of the downloaded format as yt-dlp reports it in the info.json (the merged
 * format's video stream), or null when it does not say (then ffprobe measures the file).
 */
export function reportedResolution(info: Pick<InfoJson, 'width' | 'height'>): string | null {
  const { width, height } = info;
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
  return ok(width) && ok(height) ? `${width}x${height}` : null;
}

/** `WIDTHxHEIGHT` of the first video stream, `0x0` when ffprobe cannot read it. */
export async function probeResolution(ffprobe: string, file: string, env: NodeJS.ProcessEnv): Promise<string> {
  const r = await runToCompletion(
    ffprobe,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', file],
    { env, timeoutMs: 15_000 },
  );
  const m = /^(\d+)x(\d+)/.exec(r.stdout.trim());
  return r.exitCode === 0 && m ? `${m[1]}x${m[2]}` : '0x0';
}

/** Writes the channel's additional tags into the file's metadata (stream copy, no re-encode). */
async function embedTags(ffmpeg: string, file: string, tags: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const ext = extname(file);
  const tmp = join(dirname(file), `.tags-${basename(file, ext)}${ext}`);
  const args = ['-v', 'error', '-y', '-i', file, '-map', '0', '-c', 'copy'];
  if (ext === '.mp4' || ext === '.m4v' || ext === '.mov') args.push('-movflags', '+use_metadata_tags');
  args.push('-metadata', `keywords=${tags.join(';')}`, tmp);
  const r = await runToCompletion(ffmpeg, args, { env, timeoutMs: 300_000 });
  if (r.exitCode !== 0) {
    await rm(tmp, { force: true });
    throw new Error(`ffmpeg could not write tags: ${r.stderr.split('\n').pop() ?? r.spawnError ?? 'failed'}`);
  }
  await rename(tmp, file);
}

const sizeOf = async (p: string | null) => (p ? (await stat(p)).size : null);

/**
 * Turns what yt-dlp left in a video's staging root into final files: info.json kept aside,
 * resolution probed, tags embedded, NFO and thumbnail written, then everything moved into
 * `<output>/[__<subfolder>/]<channel>/[<video folder>/]` atomically.
 */
export async function finalizeVideo(input: FinalizeInput): Promise<FinalizedVideo> {
  const files = await listFiles(input.stagingRoot);
  const infoRel = files.find((f) => f.endsWith('.info.json'));
  if (!infoRel) throw new Error('yt-dlp wrote no info.json for this video');
  const infoAbs = join(input.stagingRoot, infoRel);
  const info = input.info ?? (JSON.parse(await readFile(infoAbs, 'utf8')) as InfoJson);
  const videoDir = dirname(infoAbs);
  const stem = basename(infoAbs, '.info.json');
  const inVideoDir = files
    .filter((f) => dirname(join(input.stagingRoot, f)) === videoDir)
    .map((f) => join(input.stagingRoot, f));
  // Leftovers of merges and conversions never reach the library.
  for (const f of inVideoDir)
    if (FRAGMENT.test(f) || f.endsWith('.part') || f.endsWith('.webp') || f.endsWith('.vtt'))
      await rm(f, { force: true });
  const media = inVideoDir.filter((f) => !FRAGMENT.test(f));
  let video = media.find((f) => VIDEO_EXT.has(extname(f).toLowerCase())) ?? null;
  const audio = media.find((f) => AUDIO_EXT.has(extname(f).toLowerCase())) ?? null;
  if (!video && !audio) throw new Error('yt-dlp produced no media file for this video');
  if (video && audio && extname(video) === '.m4a') video = null;

  // What yt-dlp downloaded is what it says it chose: no ffprobe process per video unless it is silent.
  const videoResolution = video
    ? (reportedResolution(info) ?? (await probeResolution(input.ffprobe, video, input.env)))
    : null;
  if (input.additionalTags.length > 0) {
    for (const f of [video, audio]) if (f) await embedTags(input.ffmpeg, f, input.additionalTags, input.env);
  }
  const warnings: string[] = [];
  // Reference 8.3: the rating goes into the MP4 (never into an mp3); a failure is not fatal.
  if (input.rating?.rating && video && ratingTarget(video) === 'mp4') {
    await writeMp4Rating(video, input.rating.rating).catch((err: unknown) =>
      warnings.push(`The content rating was not written into the file: ${(err as Error).message}`),
    );
  }
  if (input.writeNfo && video) {
    await writeFile(
      join(videoDir, `${stem}.nfo`),
      buildNfo(info, { dateAdded: new Date(), extraTags: input.additionalTags, rating: input.rating }),
      'utf8',
    );
  }
  const stagedThumb = join(videoDir, `${stem}.jpg`);
  let thumbnailPath: string | null = null;
  try {
    await stat(stagedThumb);
    await mkdir(input.imagesDir, { recursive: true });
    thumbnailPath = join(input.imagesDir, `videothumb-${input.sourceId}.jpg`);
    await copyFile(stagedThumb, thumbnailPath);
    // Reference 8.5: the background some media-server clients show, beside the video.
    if (input.writeFanart) await copyFile(stagedThumb, join(videoDir, `${stem}-fanart.jpg`));
  } catch {
    thumbnailPath = null;
  }

  // info.json lives outside the media tree (media servers do not need it; the service does).
  await mkdir(input.infoDir, { recursive: true });
  const infoPath = join(input.infoDir, `${input.sourceId}.info.json`);
  await placeFile(infoAbs, infoPath);

  const stagedChannelDir = dirname(videoDir);
  const channelFolder = input.channelFolder ?? basename(stagedChannelDir);
  const base = input.subfolder ? safeJoin(input.outputDir, `__${input.subfolder}`) : input.outputDir;
  const channelDir = safeJoin(base, channelFolder);
  const finalPath = (staged: string | null): string | null => {
    if (!staged) return null;
    return input.skipVideoFolder
      ? join(channelDir, basename(staged))
      : join(channelDir, basename(videoDir), basename(staged));
  };

  const placed: string[] = [];
  if (input.skipVideoFolder) {
    for (const f of await listFiles(videoDir)) {
      const target = safeJoin(channelDir, basename(f));
      await placeFile(join(videoDir, f), target);
      placed.push(target);
    }
  } else {
    const target = safeJoin(channelDir, basename(videoDir));
    await placeDirectory(videoDir, target);
    placed.push(...(await listFiles(target)).map((f) => join(target, f)), target);
  }
  const publishedAt = input.setFileTimes ? publishedAtOf(info) : null;
  if (publishedAt) await setTimes(placed, publishedAt);
  const filePath = finalPath(video);
  const audioFilePath = finalPath(audio);
  return {
    info,
    filePath,
    fileSize: await sizeOf(filePath),
    audioFilePath,
    audioFileSize: await sizeOf(audioFilePath),
    videoResolution,
    thumbnailPath,
    infoPath,
    warnings,
    channelDir,
  };
}

/**
 * Reference 8.1: media servers sort and date by the files' modification time, so the media,
 * thumbnail, NFO and the video folder (last, after its files) carry the publication time.
 */
async function setTimes(paths: readonly string[], at: Date): Promise<void> {
  const now = new Date();
  for (const p of paths) await utimes(p, now, at);
}
