/**
 * Real media for the fake video platform, made once with ffmpeg and cached on disk in
 * `os.tmpdir()/vidkeep-fake-media/<hash of the parameters>/`.
 *
 * A set is built in a private temporary directory and renamed into place when complete, so two
 * vitest workers (or two test runs) building the same set at once never see a half-written one:
 * the loser of the rename race throws its copy away and uses the winner's.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bump when the files or their encoding change, so stale caches are not reused. */
const MEDIA_FORMAT_VERSION = 1;

export const DEFAULT_MEDIA_DURATION_SECONDS = 5;
export const DEFAULT_HEIGHTS: readonly number[] = [360, 720];
export const SUPPORTED_HEIGHTS: readonly number[] = [144, 240, 360, 480, 720, 1080];
export const FPS = 25;
export const AUDIO_SAMPLE_RATE = 44100;
export const THUMBNAIL = { width: 1280, height: 720 } as const;
export const THUMBNAIL_SMALL = { width: 480, height: 360 } as const;
export const AVATAR = { width: 176, height: 176 } as const;
export const BANNER = { width: 1060, height: 175 } as const;

export interface MediaSpec {
  durationSeconds: number;
  heights: readonly number[];
}

export interface MediaFile {
  path: string;
  size: number;
  contentType: string;
}

export interface MediaSet {
  dir: string;
  durationSeconds: number;
  heights: number[];
  /** Video-only H.264 mp4 per height. */
  video: Map<number, MediaFile>;
  /** Audio-only AAC m4a (stereo 44.1 kHz sine). */
  audio: MediaFile;
  /** 640x360 H.264 + AAC mp4. */
  muxed: MediaFile;
  /** 1280x720 jpg. */
  thumbnail: MediaFile;
  /** 480x360 jpg. */
  thumbnailSmall: MediaFile;
  /** 176x176 jpg. */
  avatar: MediaFile;
  /** 1060x175 jpg. */
  banner: MediaFile;
}

/** 16:9 width for a height, rounded to an even number (YouTube's 240p is 426 wide). */
export function widthFor(height: number): number {
  const w = Math.round((height * 16) / 9);
  return w % 2 === 0 ? w : w - 1;
}

function normalize(spec: Partial<MediaSpec> = {}): MediaSpec {
  const durationSeconds = spec.durationSeconds ?? DEFAULT_MEDIA_DURATION_SECONDS;
  if (!(durationSeconds > 0 && durationSeconds <= 600))
    throw new Error(`Unsupported media duration ${durationSeconds}`);
  const heights = [...new Set(spec.heights ?? DEFAULT_HEIGHTS)].sort((a, b) => a - b);
  if (heights.length === 0) throw new Error('At least one height is needed');
  for (const h of heights) {
    if (!SUPPORTED_HEIGHTS.includes(h))
      throw new Error(`Unsupported height ${h} (use one of ${SUPPORTED_HEIGHTS.join(', ')})`);
  }
  return { durationSeconds, heights };
}

export function mediaKey(spec: Partial<MediaSpec> = {}): string {
  const n = normalize(spec);
  return createHash('sha256')
    .update(JSON.stringify({ v: MEDIA_FORMAT_VERSION, d: n.durationSeconds, h: n.heights }))
    .digest('hex')
    .slice(0, 16);
}

export function mediaCacheRoot(): string {
  return join(tmpdir(), 'vidkeep-fake-media');
}

function ffmpeg(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.once('error', (e) => reject(new Error(`Cannot run ffmpeg (is it installed?): ${e.message}`)));
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg ${args.join(' ')} exited with ${code}: ${err.trim()}`));
    });
  });
}

const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(FPS * 2)];

function commands(spec: MediaSpec): string[][] {
  const d = String(spec.durationSeconds);
  const sine = `sine=frequency=440:sample_rate=${AUDIO_SAMPLE_RATE}:duration=${d}`;
  const image = (src: string, w: number, h: number, out: string) => [
    '-f',
    'lavfi',
    '-i',
    `${src}=size=${w}x${h}`,
    '-frames:v',
    '1',
    '-update',
    '1',
    '-q:v',
    '4',
    out,
  ];
  return [
    ...spec.heights.map((h) => [
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${d}:size=${widthFor(h)}x${h}:rate=${FPS}`,
      ...X264,
      '-an',
      '-movflags',
      '+faststart',
      `v${h}.mp4`,
    ]),
    ['-f', 'lavfi', '-i', sine, '-ac', '2', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', 'audio.m4a'],
    [
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${d}:size=640x360:rate=${FPS}`,
      '-f',
      'lavfi',
      '-i',
      sine,
      ...X264,
      '-ac',
      '2',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-shortest',
      '-movflags',
      '+faststart',
      'muxed.mp4',
    ],
    image('testsrc', THUMBNAIL.width, THUMBNAIL.height, 'thumb.jpg'),
    image('testsrc', THUMBNAIL_SMALL.width, THUMBNAIL_SMALL.height, 'thumb-small.jpg'),
    image('rgbtestsrc', AVATAR.width, AVATAR.height, 'avatar.jpg'),
    image('smptebars', BANNER.width, BANNER.height, 'banner.jpg'),
  ];
}

async function build(spec: MediaSpec, finalDir: string): Promise<void> {
  const root = mediaCacheRoot();
  await mkdir(root, { recursive: true });
  const tmp = join(root, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
  await mkdir(tmp);
  try {
    await Promise.all(commands(spec).map((args) => ffmpeg(args, tmp)));
    // The manifest is written last: a directory with a manifest is complete.
    await writeFile(join(tmp, 'manifest.json'), JSON.stringify({ version: MEDIA_FORMAT_VERSION, ...spec }));
    try {
      await rename(tmp, finalDir);
    } catch (e) {
      // Another process renamed its copy into place first (ENOTEMPTY/EEXIST): use that one.
      if (!existsSync(join(finalDir, 'manifest.json'))) throw e;
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

const CONTENT_TYPES: Record<string, string> = { mp4: 'video/mp4', m4a: 'audio/mp4', jpg: 'image/jpeg' };

async function file(dir: string, name: string): Promise<MediaFile> {
  const path = join(dir, name);
  const st = await stat(path);
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return { path, size: st.size, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' };
}

async function load(spec: MediaSpec, dir: string): Promise<MediaSet> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as { version: number };
  if (manifest.version !== MEDIA_FORMAT_VERSION) throw new Error(`Stale media cache in ${dir}`);
  const video = new Map<number, MediaFile>();
  for (const h of spec.heights) video.set(h, await file(dir, `v${h}.mp4`));
  return {
    dir,
    durationSeconds: spec.durationSeconds,
    heights: [...spec.heights],
    video,
    audio: await file(dir, 'audio.m4a'),
    muxed: await file(dir, 'muxed.mp4'),
    thumbnail: await file(dir, 'thumb.jpg'),
    thumbnailSmall: await file(dir, 'thumb-small.jpg'),
    avatar: await file(dir, 'avatar.jpg'),
    banner: await file(dir, 'banner.jpg'),
  };
}

const inProcess = new Map<string, Promise<MediaSet>>();

/**
 * The media set for a duration and a set of heights, built on first use (a 5 s set with 360p and
 * 720p takes a few seconds) and then reused from disk.
 */
export function ensureMedia(spec: Partial<MediaSpec> = {}): Promise<MediaSet> {
  const n = normalize(spec);
  const key = mediaKey(n);
  let pending = inProcess.get(key);
  if (!pending) {
    const dir = join(mediaCacheRoot(), key);
    pending = (async () => {
      if (!existsSync(join(dir, 'manifest.json'))) await build(n, dir);
      try {
        return await load(n, dir);
      } catch {
        // A damaged cache directory (e.g. a file deleted by hand): rebuild it once.
        await rm(dir, { recursive: true, force: true });
        await build(n, dir);
        return load(n, dir);
      }
    })();
    pending.catch(() => inProcess.delete(key));
    inProcess.set(key, pending);
  }
  return pending;
}
