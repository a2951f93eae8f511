import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileScanRun, RescanStatus } from '@vidkeep/contracts';
import { fakeVideoId } from '../../fakes/platform/index.js';
import { startSignedIn, type ServerProcess } from '../../helpers/server-process.js';
import { until } from '../channels/helpers.js';
import { filesUnder } from './helpers.js';

/**
 * Issue 31, item 16: an import with `move: true` killed with SIGKILL mid-run once left hundreds of
 * files moved and no record of them (the records were written at the end), and re-importing the
 * folder could not find them. Now each moved video is recorded at once: after the kill, every file
 * that moved is in the library but at most the one in flight, which the next rescan offers.
 */
describe('a library import with move, killed mid-run', () => {
  const servers: ServerProcess[] = [];
  let dir: string;
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function start(): Promise<{ server: ServerProcess; token: string }> {
    const started = await startSignedIn(dir);
    servers.push(started.server);
    return started;
  }
  const api = async <T>(s: { server: ServerProcess; token: string }, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${s.server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-access-token': s.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as T;
  };

  it('keeps a record of every file it moved before the kill; the rescan offers the rest', async () => {
    dir = await mkdtemp(join(tmpdir(), 'vidkeep-import-kill-'));
    const folder = join(dir, 'data', 'old');
    mkdirSync(folder, { recursive: true });
    const COUNT = 1500;
    for (let i = 0; i < COUNT; i++) writeFileSync(join(folder, `Clip ${i} [${fakeVideoId(`kill-${i}`)}].mp4`), 'x');

    const first = await start();
    const started = await api<{ runId: number }>(first, '/api/maintenance/import', { path: 'old', move: true });
    expect(started.runId).toBeGreaterThan(0);
    await until(
      async () => {
        const { current } = await api<RescanStatus>(first, '/api/maintenance/rescan-status');
        return current?.progress.phase === 'importing' && current.progress.done >= 100 ? true : undefined;
      },
      60_000,
      'the import to be under way',
    );
    await first.server.stop('SIGKILL');

    const left = filesUnder(folder).length;
    const moved = COUNT - left;
    // Killed mid-run: some moved, some not.
    expect(moved).toBeGreaterThanOrEqual(100);
    expect(left).toBeGreaterThan(0);
    // Each moved video is also in yt-dlp's download archive already (automatic downloads skip
    // it), not only once the whole import ends.
    const archived = readFileSync(join(dir, 'config', 'complete.list'), 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(archived.length).toBeGreaterThanOrEqual(moved - 1);
    expect(archived.length).toBeLessThanOrEqual(moved);

    const second = await start();
    const scan = await api<{ runId: number }>(second, '/api/maintenance/rescan-files', {});
    const run = await until(
      async () => {
        const status = await api<RescanStatus>(second, '/api/maintenance/rescan-status');
        return status.lastRun?.id === scan.runId && !status.current ? status.lastRun : undefined;
      },
      60_000,
      'the rescan to finish',
    );
    const counts = (run as FileScanRun).counts;
    // Every moved file is a library video, but at most the one being moved at the kill.
    expect(counts.checked).toBeGreaterThanOrEqual(moved - 1);
    expect(counts.untracked - left).toBeLessThanOrEqual(1);
  }, 180_000);
});
