/**
 * The contract between vidkeep and the yt-dlp it runs (issue 30), checked with the real yt-dlp of
 * this pass: the current release pinned in tests/ytdlp-version.txt (project `integration`) and
 * Debian's, the oldest supported (project `floor`). Every argument list vidkeep builds must be
 * accepted by both, the fake platform's extractor plugin must be the one answering, and the
 * canary that guards updates must pass for a good build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloaderConfigSection } from '@vidkeep/contracts';
import { buildDownloadArgs, buildListingArgs, buildMetadataArgs } from '../../../plugins/downloader/src/ytdlp/args.js';
import {
  capabilitiesOf,
  jsRuntimeArgs,
  type YtDlpCapabilities,
} from '../../../plugins/downloader/src/ytdlp/capabilities.js';
import { javascriptOf } from '../../../plugins/downloader/src/ytdlp/javascript.js';
import { isSupportedVersion } from '../../../plugins/downloader/src/ytdlp/versions.js';
import { runCanary } from '../../../plugins/downloader/src/services/ytdlp-canary.js';
import {
  argumentListDir,
  checkEveryArgumentList,
} from '../../../plugins/downloader/src/services/canary-argument-lists.js';
import { CANARY_VIDEO_ID } from '../../../plugins/downloader/src/services/canary-video.js';
import { pinnedYtDlpVersion } from '../../setup-ytdlp.mjs';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';

const pass = process.env.VIDKEEP_TEST_YTDLP === 'floor' ? 'floor' : 'current';
const config = Value.Create(DownloaderConfigSection) as DownloaderConfigSection;
const channelId = fakeChannelId('compat');
const video = fakeVideoId('compat-video');
let platform: FakePlatform;
let scratch: string;
let caps: YtDlpCapabilities;

/** The yt-dlp on PATH, asynchronously: the fake platform answers from this very process. */
function ytdlp(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('yt-dlp', args, { env: { ...process.env, ...platform.env, PYTHONWARNINGS: 'ignore' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vidkeep-compat-'));
  platform = await startFakePlatform({
    videos: [
      { id: video, title: 'Compat', channelId, channel: 'Compat Channel', handle: '@compat' },
      { id: CANARY_VIDEO_ID, title: 'Me at the zoo', channelId, channel: 'Compat Channel', handle: '@compat' },
    ],
    channels: [{ channelId, handle: '@compat', name: 'Compat Channel', tabs: { videos: [video, CANARY_VIDEO_ID] } }],
  });
  const help = await ytdlp(['--help']);
  expect(help.code).toBe(0);
  caps = capabilitiesOf(help.stdout);
}, 60_000);
afterAll(async () => {
  await platform?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe(`yt-dlp of the ${pass} pass`, () => {
  it('is the build this pass is for, and one vidkeep supports', async () => {
    const version = (await ytdlp(['--version'])).stdout.trim();
    if (pass === 'current') expect(version).toBe(pinnedYtDlpVersion());
    else expect(version).toBe(spawnSync('/usr/bin/yt-dlp', ['--version'], { encoding: 'utf8' }).stdout.trim());
    expect(isSupportedVersion(version)).toBe(true);
  });

  it("answers the platform's URLs through the fake platform's extractor plugin, never the built-in one", async () => {
    const r = await ytdlp(['--ignore-config', '--verbose', '--simulate', `https://www.youtube.com/watch?v=${video}`]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\[debug\] Extractor Plugins:.*vidkeep_fake_platform \(YoutubeIE\)/);
    expect(r.stderr).toMatch(/\[debug\] Extractor Plugins:.*vidkeep_fake_platform \(YoutubeTabIE\)/);
  });

  it('accepts every option vidkeep may pass, with every optional feature on', async () => {
    const dir = join(scratch, 'argument-lists');
    const { lists, checks } = await checkEveryArgumentList('yt-dlp', config, caps, dir, {
      ...process.env,
      ...platform.env,
    });
    expect(lists.length).toBeGreaterThan(3);
    expect(checks.filter((c) => c.outcome !== 'accepted')).toEqual([]);
    // yt-dlp writes its cookie jar back even when it only parsed its options: every file the
    // lists name is the check's own, one folder per list, so checks side by side never share one
    // and nothing is written outside the folder (a fixed /cookies.txt once broke updates).
    const cookies = lists.map((args) => args[args.indexOf('--cookies') + 1]);
    expect(cookies.every((path, n) => path === join(argumentListDir(dir, n), 'cookies.txt'))).toBe(true);
    expect(existsSync(join(argumentListDir(dir, 0), 'cookies.txt'))).toBe(true);
  });

  it('runs the exact argument lists vidkeep builds: a download (simulated), a metadata lookup and a listing', async () => {
    const staging = join(scratch, 'staging');
    const full = { ...config, subtitlesEnabled: true, concurrentFragments: 2, downloadRateLimit: '50M' };
    for (const audioFormat of [null, 'mp3_only', 'video_mp3'] as const) {
      const args = buildDownloadArgs({
        config: full,
        resolution: '720',
        audioFormat,
        stagingDir: staging,
        ffmpegPath: null,
        cookiesFile: null,
        archiveFile: join(scratch, 'archive.txt'),
        customArgs: ['--retries', '1'],
        urls: [`https://www.youtube.com/watch?v=${video}`],
        caps,
      });
      const end = args.indexOf('--');
      const r = await ytdlp([...args.slice(0, end), '--simulate', ...args.slice(end)]);
      expect(r.stderr).not.toMatch(/ERROR|error:/);
      expect(r.code).toBe(0);
    }
    const meta = await ytdlp(buildMetadataArgs(config, null, `https://www.youtube.com/watch?v=${video}`, caps));
    expect(meta.code).toBe(0);
    expect(JSON.parse(meta.stdout)).toMatchObject({ id: video, title: 'Compat' });
    const listing = await ytdlp(
      buildListingArgs(
        config,
        null,
        'https://www.youtube.com/@compat/videos',
        '--dump-json',
        { playlistEnd: 5, approximateDate: true, lazy: true },
        caps,
      ),
    );
    expect(listing.code).toBe(0);
    expect(listing.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('is told which JavaScript runtime to use when it takes one, and says so in its verbose output', async () => {
    const args = jsRuntimeArgs(caps);
    const verbose = (await ytdlp(['--ignore-config', '--verbose', ...args])).stderr;
    const js = javascriptOf(verbose);
    if (pass === 'floor') {
      // 2023.03.04 has no --js-runtimes: nothing is passed, and nothing is reported.
      expect(args).toEqual([]);
      expect(js).toBeNull();
      return;
    }
    expect(args).toEqual(['--js-runtimes', `node:${process.execPath}`]);
    expect(verbose).toMatch(
      new RegExp(`\\[debug\\] JS runtimes: .*node-${process.versions.node.replace(/\./g, '\\.')}`),
    );
    expect(js?.runtime).toEqual({
      name: 'node',
      version: process.versions.node,
      supported: Number(process.versions.node.split('.')[0]) >= 22,
    });
    expect(js?.message).toMatch(/Node\.js/);
  });

  it('passes the canary that guards updates: version, options, a simulated and a real download', async () => {
    const { report } = await runCanary('yt-dlp', {
      config,
      env: { ...process.env, ...platform.env },
      workDir: join(scratch, 'canary'),
    });
    expect(report.steps.map((s) => [s.step, s.outcome])).toEqual([
      ['version', 'passed'],
      ['options', 'passed'],
      ['simulate', 'passed'],
      ['download', 'passed'],
    ]);
    expect(report.passed).toBe(true);
  }, 90_000);
});
