import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, ToolsResponse } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl } from '../../helpers/downloads.js';

/**
 * Issue 30: 2023.03.04 is the oldest yt-dlp vidkeep works with. An older one (here a stand-in that
 * reports 2021.12.27 and would download nothing) is refused before it runs, in words, everywhere
 * a user looks: the job, the tools card, the health check.
 */
const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
let scratch: string;
let oldYtDlp: string;
const video = fakeVideoId('too-old');

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vidkeep-old-ytdlp-'));
  oldYtDlp = join(scratch, 'yt-dlp');
  // Answers --version like yt-dlp 2021.12.27 and fails everything else.
  await writeFile(oldYtDlp, '#!/bin/sh\nif [ "$1" = "--version" ]; then echo 2021.12.27; exit 0; fi\nexit 1\n');
  await chmod(oldYtDlp, 0o755);
  platform = await startFakePlatform({
    videos: [{ id: video, title: 'Old Tool', channelId: fakeChannelId('old'), channel: 'Old', handle: '@old' }],
  });
}, 60_000);
afterAll(async () => {
  await platform?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('a yt-dlp older than the oldest supported release', () => {
  it('is refused at job start, shown as unsupported, and reported by the health check', async () => {
    const app = await bootDownloader(h, platform, { env: { YTDLP_PATH: oldYtDlp } });
    const expected = `yt-dlp 2021.12.27 (${oldYtDlp}) is older than 2023.03.04, the oldest release vidkeep works with. Update it: press "Update yt-dlp" in Settings, or install a newer one.`;

    const queued = (await queueDownload(app, { url: watchUrl(video) })).json<DownloadResponse>();
    const job = await waitForJob(app, queued.jobId!);
    expect(job.status).toBe('failed');
    expect(job.message).toBe(expected);
    expect(job.videos[0]!.diagnosis).toMatchObject({ kind: 'ytdlp_outdated', detail: expected });

    const tools = (
      await app.t.app.inject({ url: '/api/ytdlp/version?refresh=true', headers: app.headers })
    ).json<ToolsResponse>();
    expect(tools.ytdlp).toMatchObject({
      source: 'configured',
      version: '2021.12.27',
      minimumVersion: '2023.03.04',
      supported: false,
      stale: true,
      javascript: null,
    });
    expect(tools.ytdlp.staleReason).toContain('older than 2023.03.04, the oldest release vidkeep works with');

    const health = (await app.t.app.inject({ url: '/api/health' })).json<{
      status: string;
      checks: Record<string, { ok: boolean; message?: string }>;
    }>();
    expect(health.status).toBe('degraded');
    expect(health.checks['downloader.tools']).toEqual({ ok: false, message: expected });
  });
});
