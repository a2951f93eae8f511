import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Orm } from '@vidkeep/core/plugin-api';
import type { WatchStatusOverview, WatchStatusRun } from '@vidkeep/contracts';
import { buildTestApp, completeSetup, makeTempDir } from '@vidkeep/core/testing';
import { startFakeEmby } from '../fakes/mediaservers/emby.js';
import { startFakeJellyfin } from '../fakes/mediaservers/jellyfin.js';
import { startFakePlexServer } from '../fakes/mediaservers/plex.js';
import type { FakeMediaServer, MediaServerKind, StartFakeServer } from '../fakes/mediaservers/types.js';
import { fmt } from './lib.js';

/**
 * Watch-status sync of a 20,000-video library with 5 users per server, in the real app against
 * each fake server (files on disk, indexed by the fake, 100 plays per user): a first (full) sync,
 * a sync of the unchanged server, and one after 10 new plays, each with its time, the requests the
 * server saw and the rows written. Target (issue 20): the unchanged sync makes a bounded number of
 * requests and writes nothing. The fakes answer at once; a real server adds its latency per request.
 */
const VIDEOS = 20_000;
const USERS = 5;
const PLAYS_PER_USER = 100;
const KINDS: [MediaServerKind, StartFakeServer][] = [
  ['plex', startFakePlexServer],
  ['jellyfin', startFakeJellyfin],
  ['emby', startFakeEmby],
];

const id = (i: number) => `w${String(i).padStart(10, '0')}`;

async function indexAll(fake: FakeMediaServer): Promise<void> {
  const auth: Record<string, string> =
    fake.kind === 'plex'
      ? { 'X-Plex-Token': String(fake.config.plexApiKey) }
      : { 'X-Emby-Token': String(fake.config[`${fake.kind}ApiKey`]) };
  const path =
    fake.kind === 'plex'
      ? '/library/sections/1/refresh'
      : fake.kind === 'emby'
        ? '/emby/Library/Refresh'
        : '/Library/Refresh';
  const res = await fetch(`${fake.url}${path}`, { method: fake.kind === 'plex' ? 'GET' : 'POST', headers: auth });
  if (!res.ok) throw new Error(`${fake.kind} scan: ${res.status}`);
  for (let i = 0; i < 600 && fake.indexedPaths().filter((p) => p.endsWith('.mp4')).length < VIDEOS; i++)
    await new Promise((r) => setTimeout(r, 100));
}

interface Step {
  ms: number;
  requests: number;
  updated: number;
}

async function benchKind(kind: MediaServerKind, start: StartFakeServer) {
  const dir = await makeTempDir('vidkeep-bench-watch-');
  const out = join(dir, 'data');
  const paths: string[] = [];
  for (let c = 0; c < 100; c++) mkdirSync(join(out, `Channel ${c}`), { recursive: true });
  for (let i = 0; i < VIDEOS; i++) {
    const p = join(out, `Channel ${i % 100}`, `Clip ${i} [${id(i)}].mp4`);
    writeFileSync(p, '');
    paths.push(p);
  }
  const fake = await start({ outputDir: out });
  const t = await buildTestApp({ dir, env: fake.env, logLevel: 'warn' });
  try {
    const headers = { 'x-access-token': await completeSetup(t) };
    const cfg = await t.app.inject({ method: 'PATCH', url: '/api/config', headers, payload: fake.config });
    if (cfg.statusCode !== 200) throw new Error(`config: ${cfg.statusCode} ${cfg.body}`);
    const orm = t.app.diContainer.resolve<Orm>('orm');
    const conn = orm.em.getConnection();
    for (let i = 0; i < VIDEOS; i += 500) {
      const rows = paths.slice(i, i + 500).map((p, k) => [id(i + k), `Clip ${i + k}`, 'Bench', p, Date.now()]);
      await conn.execute(
        `insert into library_videos (source_id, title, channel_name, media_type, file_path, removed, downloaded_at) values ${rows.map(() => "(?, ?, ?, 'video', ?, false, ?)").join(',')}`,
        rows.flat() as never[],
      );
    }
    await indexAll(fake);
    while (fake.watching.users().length < USERS) fake.watching.addUser(`user${fake.watching.users().length}`);
    const users = fake.watching.users();
    users.forEach((u, k) => {
      for (let n = 0; n < PLAYS_PER_USER; n++) fake.watching.play(paths[(k * 997 + n * 131) % VIDEOS]!, u.id);
    });

    const sync = async (): Promise<Step> => {
      const before = fake.requests.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/mediaservers/watch-status/sync', headers });
      if (res.statusCode !== 202) throw new Error(`sync: ${res.statusCode} ${res.body}`);
      let run: WatchStatusRun | null = null;
      for (;;) {
        const o = (await t.app.inject({ url: '/api/mediaservers/watch-status', headers })).json<WatchStatusOverview>();
        if (!o.running && o.lastRun?.completedAt) {
          run = o.lastRun;
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      const outcome = run.servers[kind];
      if (!outcome || 'error' in outcome) throw new Error(`${kind}: ${JSON.stringify(run)}`);
      return {
        ms: new Date(run.completedAt!).getTime() - new Date(run.startedAt).getTime(),
        requests: fake.requests.length - before,
        updated: outcome.updated,
      };
    };
    const first = await sync();
    const unchanged = await sync();
    for (let n = 0; n < 10; n++) fake.watching.play(paths[(n * 7919) % VIDEOS]!, users[n % USERS]!.id);
    const tenPlays = await sync();
    return { kind, first, unchanged, tenPlays };
  } finally {
    await t.close();
    await fake.close();
  }
}

export default async function watchStatusBench(): Promise<void> {
  const rows = [];
  for (const [kind, start] of KINDS) rows.push(await benchKind(kind, start));
  console.log(
    `\nwatch-status benchmark: ${VIDEOS.toLocaleString('en')} videos, ${USERS} users per server, real app, fake servers`,
  );
  console.log('target: an unchanged server costs a bounded number of requests and writes nothing');
  console.log(
    '| kind | first sync ms | requests | rows written | unchanged ms | requests | rows written | after 10 plays ms | requests | rows written |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const cell = (s: Step) => `${fmt(s.ms)} | ${s.requests} | ${s.updated}`;
    console.log(`| ${r.kind} | ${cell(r.first)} | ${cell(r.unchanged)} | ${cell(r.tenPlays)} |`);
  }
}
