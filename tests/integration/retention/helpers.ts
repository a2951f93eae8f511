import { statfsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AutoRemovalResult } from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/core/plugin-api';
import type { DownloadApp } from '../../helpers/downloads.js';
import { call } from '../channels/helpers.js';

export const DAY = 86_400_000;
export const MIB = 1024 * 1024;

export interface SeedVideo {
  sourceId: string;
  title?: string;
  channelId?: string | null;
  channelName?: string;
  daysAgo: number;
  /** Bytes of the media file written to disk (and recorded as its size). */
  bytes?: number;
  /** `nested` (default): `<Channel>/<Channel - Title - id>/<file>`; `flat`: `<Channel>/<file>`. */
  layout?: 'nested' | 'flat';
  /** Store this path instead of the one the layout gives (hostile records); no file is written for it. */
  storedPath?: string;
  protected?: boolean;
}

export const outputDir = (app: DownloadApp) => join(app.t.dir, 'data');

/** Where a seeded video's media file lives (or would). */
export function mediaPath(app: DownloadApp, v: SeedVideo): string {
  if (v.storedPath) return v.storedPath;
  const channel = v.channelName ?? 'Seed Channel';
  const title = v.title ?? `Title ${v.sourceId}`;
  const name = `${channel} - ${title} [${v.sourceId}].mp4`;
  return v.layout === 'flat'
    ? join(outputDir(app), channel, name)
    : join(outputDir(app), channel, `${channel} - ${title} - ${v.sourceId}`, name);
}

/**
 * Puts videos into the library the way a finished download leaves them: real files on disk
 * (media and poster) and a `library_videos` row, downloaded `daysAgo` days ago.
 */
export async function seed(app: DownloadApp, videos: SeedVideo[]): Promise<void> {
  const orm = app.t.app.diContainer.resolve<Orm>('orm');
  const now = Date.now();
  for (const v of videos) {
    const path = mediaPath(app, v);
    const bytes = v.bytes ?? 4096;
    if (!v.storedPath) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, Buffer.alloc(bytes, 1));
      await writeFile(path.replace(/\.mp4$/, '.jpg'), Buffer.alloc(100, 2));
    }
    await orm.em.getConnection().execute(
      `insert into library_videos (source_id, title, channel_name, channel_id, duration, upload_date, media_type,
         file_path, file_size, removed, downloaded_at, protected)
       values (?, ?, ?, ?, 10, '20260101', 'video', ?, ?, ?, ?, ?)`,
      [
        v.sourceId,
        v.title ?? `Title ${v.sourceId}`,
        v.channelName ?? 'Seed Channel',
        v.channelId === undefined ? 'UCseedseedseedseedseedse' : v.channelId,
        path,
        bytes,
        false,
        orm.em.getPlatform().processDateProperty(new Date(now - v.daysAgo * DAY)),
        v.protected ?? false,
      ] as never[],
      'run',
    );
  }
}

/** Sets a video's download time `daysAgo` days in the past. */
export async function downloadedDaysAgo(app: DownloadApp, sourceId: string, daysAgo: number): Promise<void> {
  const orm = app.t.app.diContainer.resolve<Orm>('orm');
  await orm.em
    .getConnection()
    .execute(
      'update library_videos set downloaded_at = ? where source_id = ?',
      [orm.em.getPlatform().processDateProperty(new Date(Date.now() - daysAgo * DAY)), sourceId] as never[],
      'run',
    );
}

/** Free bytes of the file system holding `dir`, as the service measures it. */
export function freeBytes(dir: string): number {
  const s = statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
}

export async function dryRun(app: DownloadApp, overrides: Record<string, unknown> = {}) {
  const res = await call<AutoRemovalResult>(app, 'POST', '/api/auto-removal/dry-run', overrides);
  if (res.status !== 200) throw new Error(`dry run: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Saves settings, then runs automatic removal now. */
export async function runNow(app: DownloadApp, settings: Record<string, unknown> = {}) {
  if (Object.keys(settings).length > 0) {
    const saved = await call(app, 'PATCH', '/api/config', settings);
    if (saved.status !== 200) throw new Error(`config: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  const res = await call<AutoRemovalResult>(app, 'POST', '/api/auto-removal/run');
  if (res.status !== 200) throw new Error(`run: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Source ids of the library's videos that are not removed, sorted. */
export async function present(app: DownloadApp): Promise<string[]> {
  const res = await call<{ videos: { sourceId: string }[] }>(app, 'GET', '/api/videos?pageSize=200');
  return res.body.videos.map((v) => v.sourceId).sort();
}

export const sampleIds = (s: { sampleVideos: { sourceId: string }[] }) => s.sampleVideos.map((v) => v.sourceId);
