/**
 * One world per media-server kind for the conformance suite: the fake platform with a few videos
 * and playlists, the real app (real yt-dlp downloads) with the kind's plugin on short waits, and
 * the kind's fake server (any `FakeMediaServer`) whose libraries cover the app's output directory.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestHarness } from '@vidkeep/core/testing';
import type { PlaylistDetail, PlaylistSyncState } from '@vidkeep/contracts';
import type { FakeMediaServer, MediaServerKind, StartFakeServer } from '../../../fakes/mediaservers/types.js';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../../fakes/platform/index.js';
import { bootDownloader, waitForJob, type DownloadApp } from '../../../helpers/downloads.js';
import { REPO_ROOT } from '../../../helpers/server-process.js';
import { call, until } from '../../channels/helpers.js';

export type Kind = MediaServerKind;

export interface World {
  kind: Kind;
  p: FakePlatform;
  app: DownloadApp;
  fake: FakeMediaServer;
  outputDir: string;
  /** Video ids by number: `v(1)`. */
  v(n: number): string;
  state(playlistId: string): Promise<PlaylistSyncState>;
  /** Downloads the entries and waits for their jobs; returns how long that took. */
  download(playlistId: string, videos: number[]): Promise<number>;
  /** Waits until the kind's sync state of a playlist satisfies `ok`. */
  waitState(playlistId: string, ok: (s: PlaylistSyncState) => boolean, what: string): Promise<PlaylistSyncState>;
}

export const LIST = 'PLmediabrowser00000001';
export const AUDIO = 'PLmediabrowseraudio001';
export const LATE = 'PLmediabrowserlate0001';

/** The repository's manifest with the kind's plugin on short waits (`options`, the kind's own names). */
function manifestFor(kind: Kind, options: Record<string, unknown>) {
  const base = JSON.parse(readFileSync(join(REPO_ROOT, 'plugin-manifest.json'), 'utf8')) as {
    plugins: { id: string; options?: Record<string, unknown> }[];
  };
  for (const entry of base.plugins) if (entry.id === kind) entry.options = options;
  return { manifest: base, manifestPath: join(REPO_ROOT, 'plugin-manifest.json') };
}

export async function startWorld(
  h: TestHarness,
  kind: Kind,
  startFake: StartFakeServer,
  options: Record<string, unknown>,
): Promise<World> {
  const seed = `ms-${kind}`;
  const ch = fakeChannelId(seed);
  const v = (n: number) => fakeVideoId(`${seed}-${n}`);
  const c = { channelId: ch, channel: 'MS Channel', handle: `@${seed}` };
  const ids = [1, 2, 3, 4, 5, 6];
  const p = await startFakePlatform({
    videos: ids.map((n) => ({ ...c, id: v(n), title: `Clip ${n}`, duration: 10 + n })),
    channels: [{ channelId: ch, handle: `@${seed}`, name: 'MS Channel', tabs: { videos: ids.map(v) } }],
    playlists: [
      { id: LIST, title: 'Published', channelId: ch, videoIds: [1, 2, 3, 6].map(v) },
      { id: AUDIO, title: 'Audio only', channelId: ch, videoIds: [v(4)] },
      { id: LATE, title: 'Late', channelId: ch, videoIds: [v(5)] },
    ],
  });
  const dir = await h.dir();
  const outputDir = join(dir, 'data');
  const fake = await startFake({ outputDir });
  const app = await bootDownloader(h, p, { dir, ...manifestFor(kind, options), config: fake.config, env: fake.env });
  const state = async (id: string) =>
    (await call<PlaylistDetail>(app, 'GET', `/api/playlists/${id}`)).body.sync_state.find((s) => s.server === kind)!;
  return {
    kind,
    p,
    app,
    fake,
    outputDir,
    v,
    state,
    async download(id, videos) {
      const started = Date.now();
      const res = await call<{ jobIds: string[] }>(app, 'POST', `/api/playlists/${id}/download`, {
        videoIds: videos.map(v),
      });
      if (res.status !== 202) throw new Error(`download answered ${res.status}`);
      for (const job of res.body.jobIds) await waitForJob(app, job, ['completed']);
      return Date.now() - started;
    },
    waitState: (id, ok, what) =>
      until(
        async () => {
          const s = await state(id);
          return ok(s) ? s : undefined;
        },
        30_000,
        what,
      ),
  };
}

/** The fake server's playlist published for a playlist title (`YT: <title>`). */
export function serverPlaylist(w: World, title: string) {
  const found = w.fake.playlists().filter((p) => p.name === `YT: ${title}`);
  if (found.length > 1) throw new Error(`${found.length} server playlists named YT: ${title}`);
  return found[0];
}

/** A file's name without folders, for readable assertions. */
export const fileName = (path: string) => path.split('/').at(-1)!;
