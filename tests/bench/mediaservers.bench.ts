import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mediaServerProvidersRef, type PlaylistSyncItem, type PlaylistSyncResult } from '@vidkeep/contracts';
import { buildTestApp, completeSetup, makeTempDir } from '@vidkeep/core/testing';
import { startFakeEmby } from '../fakes/mediaservers/emby.js';
import { startFakeJellyfin } from '../fakes/mediaservers/jellyfin.js';
import { startFakePlexServer } from '../fakes/mediaservers/plex.js';
import type { MediaServerKind, StartFakeServer } from '../fakes/mediaservers/types.js';
import { fmt, REPO_ROOT } from './lib.js';

/**
 * A 500-item playlist published to each fake media server by the kind's real provider, in the
 * real app: the first sync (the server scans and the files are resolved, then the playlist is
 * created) and a re-sync (replaced in place on the Plex-type server, deleted and recreated on the
 * other two), each timed with the requests it made. The fakes answer at once, so the figures show
 * the provider's own cost and how many round trips it needs; a real server adds its latency per
 * request. Scan waits are shortened to the first back-off step.
 */
const ITEMS = 500;
const KINDS: { kind: MediaServerKind; start: StartFakeServer; options: Record<string, unknown> }[] = [
  {
    kind: 'plex',
    start: startFakePlexServer,
    options: { resolveBackoffSeconds: [0.05, 0.1], requestTimeoutSeconds: 10 },
  },
  { kind: 'jellyfin', start: startFakeJellyfin, options: { scanWaitSeconds: 1, requestTimeoutSeconds: 10 } },
  { kind: 'emby', start: startFakeEmby, options: { scanWaitSeconds: 1, requestTimeoutSeconds: 10 } },
];

interface Row {
  kind: MediaServerKind;
  firstMs: number;
  firstRequests: number;
  againMs: number;
  againRequests: number;
  inOrder: boolean;
}

function manifestWith(kind: MediaServerKind, options: Record<string, unknown>) {
  const manifestPath = join(REPO_ROOT, 'plugin-manifest.json');
  const base = JSON.parse(readFileSync(manifestPath, 'utf8')) as { plugins: { id: string; options?: unknown }[] };
  return {
    manifest: { ...base, plugins: base.plugins.map((p) => (p.id === kind ? { ...p, options } : p)) },
    manifestPath,
  };
}

async function benchKind(k: (typeof KINDS)[number]): Promise<Row> {
  const dir = await makeTempDir('vidkeep-bench-ms-');
  const out = join(dir, 'data');
  mkdirSync(join(out, 'Bench Channel'), { recursive: true });
  const items: PlaylistSyncItem[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const rel = `Bench Channel/Bench ${String(i).padStart(3, '0')} [b${i}].mp4`;
    writeFileSync(join(out, rel), '');
    items.push({
      sourceId: `b${i}`,
      path: join(out, rel),
      relativePath: rel,
      title: `Bench ${i}`,
      durationSeconds: 60,
    });
  }
  items.reverse(); // the playlist's order, not the server's sort
  const fake = await k.start({ outputDir: out });
  const t = await buildTestApp({ dir, env: fake.env, logLevel: 'warn', ...manifestWith(k.kind, k.options) });
  try {
    const headers = { 'x-access-token': await completeSetup(t) };
    const res = await t.app.inject({ method: 'PATCH', url: '/api/config', headers, payload: fake.config });
    if (res.statusCode !== 200) throw new Error(`config: ${res.statusCode} ${res.body}`);
    const provider = t.app.vidkeep.services.resolveAll(mediaServerProvidersRef).get(k.kind)!;
    const sync = async (previous: { serverPlaylistId: string; mediaType: 'video' } | null) => {
      const before = fake.requests.length;
      const t0 = performance.now();
      const result: PlaylistSyncResult = await provider.syncPlaylist({
        playlistId: 'PLbench',
        title: 'Bench',
        mediaType: 'video',
        public: false,
        items,
        previous,
        signal: new AbortController().signal,
      });
      if (result.status !== 'synced') throw new Error(`${k.kind}: ${JSON.stringify(result)}`);
      return { ms: performance.now() - t0, requests: fake.requests.length - before, id: result.serverPlaylistId };
    };
    const first = await sync(null);
    const again = await sync({ serverPlaylistId: first.id, mediaType: 'video' });
    const pl = fake.playlists().find((p) => p.name === 'YT: Bench');
    const inOrder = JSON.stringify(pl?.paths) === JSON.stringify(items.map((i) => i.path));
    return {
      kind: k.kind,
      firstMs: first.ms,
      firstRequests: first.requests,
      againMs: again.ms,
      againRequests: again.requests,
      inOrder,
    };
  } finally {
    await t.close();
    await fake.close();
  }
}

export default async function mediaServersBench(): Promise<void> {
  const rows: Row[] = [];
  for (const k of KINDS) rows.push(await benchKind(k));
  console.log(`\nmedia servers benchmark: a ${ITEMS}-item playlist synced to each fake server by its real provider`);
  console.log('| kind | first sync ms | requests | re-sync ms | requests | on the server in order |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const r of rows) {
    console.log(
      `| ${r.kind} | ${fmt(r.firstMs)} | ${r.firstRequests} | ${fmt(r.againMs)} | ${r.againRequests} | ${r.inOrder ? 'yes' : 'NO'} |`,
    );
  }
}
