/**
 * Watch-status tests share the media-server conformance world: the fake platform, the real app
 * with real yt-dlp downloads, and one fake server of a kind whose users then "watch" the files.
 */
import type { Orm } from '@vidkeep/core/plugin-api';
import type { Video, VideoWatchStatus, WatchStatusOverview, WatchStatusRun } from '@vidkeep/contracts';
import { call, until } from '../channels/helpers.js';
import { LIST, type World } from '../mediaservers/conformance/setup.js';

/** Follows the conformance playlist, downloads `videos` and waits until the server has them. */
export async function downloadAndIndex(w: World, videos: number[]): Promise<void> {
  const follow = await call(w.app, 'POST', '/api/playlists', { url: LIST });
  if (follow.status !== 201) throw new Error(`follow answered ${follow.status}`);
  await w.download(LIST, videos);
  await w.waitState(LIST, (s) => s.items_synced === videos.length, `the server indexing ${videos.length} videos`);
}

/** The absolute path of a downloaded video's file. */
export async function fileOf(w: World, n: number): Promise<string> {
  const v = (await call<Video>(w.app, 'GET', `/api/videos/${w.v(n)}`)).body;
  if (!v.filePath) throw new Error(`no file for video ${n}`);
  return v.filePath;
}

/** Starts a sync (202) and waits for its end; returns the run. */
export async function syncNow(w: World): Promise<WatchStatusRun> {
  const before = (await call<WatchStatusOverview>(w.app, 'GET', '/api/mediaservers/watch-status')).body.lastRun;
  const res = await call(w.app, 'POST', '/api/mediaservers/watch-status/sync');
  if (res.status !== 202) throw new Error(`sync answered ${res.status} ${JSON.stringify(res.body)}`);
  return until(
    async () => {
      const o = (await call<WatchStatusOverview>(w.app, 'GET', '/api/mediaservers/watch-status')).body;
      const last = o.lastRun;
      return !o.running && last?.completedAt && last.startedAt !== before?.startedAt ? last : undefined;
    },
    30_000,
    'the watch-status sync to finish',
  );
}

export const statusOf = async (w: World, n: number) =>
  (await call<VideoWatchStatus>(w.app, 'GET', `/api/videos/${w.v(n)}/watch-status`)).body;

/** Runs SQL on the app's own SQLite file (what an operator would do by hand). */
export function sql(w: World, text: string, params: unknown[] = []) {
  const orm = w.app.t.app.diContainer.resolve<Orm>('orm');
  return orm.em.getConnection().execute(text, params as never[], 'all');
}
