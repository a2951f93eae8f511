/**
 * The fake platform, exercised through the REAL yt-dlp (/usr/bin/yt-dlp; set FAKE_PLATFORM_YTDLP to
 * try another build) with the real URLs the service builds.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakeFailure, type FakePlatform, type FakeVideo } from './index.js';

const YTDLP = process.env.FAKE_PLATFORM_YTDLP ?? '/usr/bin/yt-dlp';

const CHANNEL_ID = fakeChannelId('fixturechan');
const HANDLE = '@fixturechan';
const NAME = 'Fixture Channel';
const ids = {
  main: fakeVideoId('main'),
  second: fakeVideoId('second'),
  third: fakeVideoId('third'),
  short1: fakeVideoId('short-1'),
  short2: fakeVideoId('short-2'),
  stream: fakeVideoId('stream-1'),
};
const FAILURE_TEXTS: Record<Exclude<FakeFailure, 'stall'>, string> = {
  private:
    "ERROR: [youtube] {id}: Private video. Sign in if you've been granted access to this video. Use --cookies-from-browser or --cookies for the authentication.",
  'members-only':
    'ERROR: [youtube] {id}: Join this channel to get access to members-only content like this video, and other exclusive perks.',
  removed: 'ERROR: [youtube] {id}: Video unavailable. This video has been removed by the uploader',
  'bot-check':
    'ERROR: [youtube] {id}: Sign in to confirm you’re not a bot. Use --cookies-from-browser or --cookies for the authentication. ' +
    'See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies. ' +
    'Also see  https://github.com/yt-dlp/yt-dlp/wiki/Extractors#exporting-youtube-cookies  for tips on effectively exporting YouTube cookies',
  'http-429': 'ERROR: [youtube] {id}: Unable to download webpage: HTTP Error 429: Too Many Requests',
  'http-403': 'ERROR: unable to download video data: HTTP Error 403: Forbidden',
};

const video = (id: string, title: string, extra: Partial<FakeVideo> = {}): FakeVideo => ({
  id,
  title,
  channelId: CHANNEL_ID,
  channel: NAME,
  handle: HANDLE,
  ...extra,
});

let platform: FakePlatform;
let work: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function ytdlp(args: string[], opts: { cwd?: string; timeoutMs?: number } = {}): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(YTDLP, ['--no-config', ...args], {
      cwd: opts.cwd ?? work,
      env: { ...process.env, ...platform.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`yt-dlp ${args.join(' ')} did not finish in ${opts.timeoutMs ?? 25_000} ms\n${stderr}`));
    }, opts.timeoutMs ?? 25_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

async function json(args: string[]): Promise<Record<string, any>> {
  const r = await ytdlp(args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, any>;
}

function ffprobe(file: string): Promise<{ codec_type: string; width?: number; height?: number }[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,width,height', '-of', 'json', file]);
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(JSON.parse(out).streams) : reject(new Error(`ffprobe exited ${code}`))));
  });
}

const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

beforeAll(async () => {
  const t = Date.now();
  platform = await startFakePlatform({
    videos: [
      video(ids.main, 'Kiwi harvest: the main fixture video', {
        uploadDate: '20240315',
        tags: ['kiwi', 'fruit'],
        description: 'All about kiwi.\nSecond line.',
      }),
      video(ids.second, 'Second upload about kiwi', { timestamp: 1710000000 }),
      video(ids.third, 'Third upload', { timestamp: 1700000000, description: 'Mentions kiwi only here.' }),
      video(ids.stream, 'Past stream', { timestamp: 1690000000, mediaType: 'livestream', liveStatus: 'was_live' }),
    ],
    channels: [
      {
        channelId: CHANNEL_ID,
        handle: HANDLE,
        name: NAME,
        description: 'The channel of the fixtures.',
        followerCount: 4321,
        tabs: { videos: [ids.main, ids.second, ids.third], shorts: [ids.short1, ids.short2], streams: [ids.stream] },
      },
    ],
    playlists: [{ id: 'PLfixture0000000001', title: 'Fixture playlist', channelId: CHANNEL_ID, videoIds: [ids.third, ids.main, ids.second] }],
  });
  console.log(`fake platform ready in ${Date.now() - t} ms (media build or cache load included)`);
  work = await mkdtemp(join(tmpdir(), 'vidkeep-fake-platform-test-'));
}, 120_000);

afterAll(async () => {
  await platform?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the yt-dlp plugin', () => {
  it('is loaded from PYTHONPATH and overrides the built-in youtube extractors', async () => {
    const r = await ytdlp(['-v', '--simulate', watchUrl(ids.main)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/\[debug\] Extractor Plugins: .*vidkeep_fake_platform \(YoutubeIE\)/);
    expect(r.stdout + r.stderr).toContain(`[youtube] ${ids.main}: Downloading webpage`);
    expect(platform.requests.some((q) => q.path === `/api/watch/${ids.main}`)).toBe(true);
  });

  it('refuses to run without the fixture URL', async () => {
    const child = spawn(YTDLP, ['--no-config', '--simulate', watchUrl(ids.main)], {
      env: { ...process.env, PYTHONPATH: platform.env.PYTHONPATH! },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`ERROR: [youtube] ${ids.main}: VIDKEEP_FAKE_PLATFORM_URL is not set`);
  });
});

describe('watch pages', () => {
  it('downloads 720p video + m4a audio, merged, with info.json and thumbnail', async () => {
    const dir = await mkdtemp(join(work, 'dl720-'));
    const r = await ytdlp(
      [
        '-f', 'bestvideo[height<=720][ext=mp4]+bestaudio[ext=m4a]', '--merge-output-format', 'mp4',
        '--write-info-json', '--write-thumbnail', '-o', '%(id)s.%(ext)s', watchUrl(ids.main),
      ],
      { cwd: dir },
    );
    expect(r.code, r.stderr).toBe(0);
    const streams = await ffprobe(join(dir, `${ids.main}.mp4`));
    expect(streams).toContainEqual(expect.objectContaining({ codec_type: 'video', width: 1280, height: 720 }));
    expect(streams.some((s) => s.codec_type === 'audio')).toBe(true);
    expect(existsSync(join(dir, `${ids.main}.jpg`))).toBe(true);

    const info = JSON.parse(await readFile(join(dir, `${ids.main}.info.json`), 'utf8'));
    expect(info).toMatchObject({
      id: ids.main,
      title: 'Kiwi harvest: the main fixture video',
      fulltitle: 'Kiwi harvest: the main fixture video',
      extractor: 'youtube',
      extractor_key: 'Youtube',
      webpage_url: watchUrl(ids.main),
      channel: NAME,
      channel_id: CHANNEL_ID,
      channel_url: `https://www.youtube.com/channel/${CHANNEL_ID}`,
      uploader: NAME,
      uploader_id: HANDLE,
      uploader_url: `https://www.youtube.com/${HANDLE}`,
      upload_date: '20240315',
      duration: 5,
      width: 1280,
      height: 720,
      format_id: '136+140',
      live_status: 'not_live',
      availability: 'public',
      media_type: 'video',
      tags: ['kiwi', 'fruit'],
      channel_follower_count: 4321,
      description: 'All about kiwi.\nSecond line.',
    });
    expect(info.timestamp).toBe(Date.UTC(2024, 2, 15, 12) / 1000);
    expect(info.thumbnail).toBe(`${platform.url}/vi/${ids.main}/maxresdefault.jpg`);
    const formatIds = info.formats.map((f: { format_id: string }) => f.format_id);
    expect(formatIds).toEqual(expect.arrayContaining(['140', '134', '136', '18']));
    // Media went through ranged GETs of per-video URLs.
    expect(platform.requests.some((q) => q.path === `/media/${ids.main}/v720.mp4`)).toBe(true);
    expect(platform.requests.some((q) => q.path === `/media/${ids.main}/audio.m4a`)).toBe(true);
  });

  it('picks 640x360 for height<=360', async () => {
    const dir = await mkdtemp(join(work, 'dl360-'));
    const r = await ytdlp(
      ['-f', 'bestvideo[height<=360][ext=mp4]+bestaudio[ext=m4a]', '--merge-output-format', 'mp4', '-o', '%(id)s.%(ext)s', watchUrl(ids.second)],
      { cwd: dir },
    );
    expect(r.code, r.stderr).toBe(0);
    const streams = await ffprobe(join(dir, `${ids.second}.mp4`));
    expect(streams).toContainEqual(expect.objectContaining({ codec_type: 'video', width: 640, height: 360 }));
    expect(streams.some((s) => s.codec_type === 'audio')).toBe(true);
  });

  it('resolves youtu.be, shorts, live and mobile forms to the same id', async () => {
    const id = ids.main;
    const r = await ytdlp([
      '--simulate', '--print', '%(id)s %(extractor)s %(webpage_url)s',
      `https://youtu.be/${id}`, `https://www.youtube.com/shorts/${id}`, `https://www.youtube.com/live/${id}`,
      `https://m.youtube.com/watch?feature=share&v=${id}`,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(Array(4).fill(`${id} youtube ${watchUrl(id)}`));
  });

  it('serves media with HEAD and Range support', async () => {
    const url = `${platform.url}/media/${ids.main}/v720.mp4`;
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const size = Number(head.headers.get('content-length'));
    expect(size).toBeGreaterThan(10_000);
    const part = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const bad = await fetch(url, { headers: { Range: `bytes=${size}-` } });
    expect(bad.status).toBe(416);
    await bad.arrayBuffer();
  });
});

describe('listings', () => {
  it('lists a channel tab with --flat-playlist -J like youtube:tab', async () => {
    const d = await json(['--flat-playlist', '-J', `https://www.youtube.com/${HANDLE}/videos`]);
    expect(d).toMatchObject({
      _type: 'playlist',
      id: CHANNEL_ID,
      title: `${NAME} - Videos`,
      channel: NAME,
      channel_id: CHANNEL_ID,
      channel_url: `https://www.youtube.com/channel/${CHANNEL_ID}`,
      uploader: NAME,
      uploader_id: HANDLE,
      uploader_url: `https://www.youtube.com/${HANDLE}`,
      description: 'The channel of the fixtures.',
      tags: [],
      channel_follower_count: 4321,
      extractor: 'youtube:tab',
      extractor_key: 'YoutubeTab',
      webpage_url: `https://www.youtube.com/${HANDLE}/videos`,
      playlist_count: 3,
    });
    expect(d.thumbnails.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining(['avatar_uncropped', 'banner_uncropped']));
    expect(d.entries.map((e: { id: string }) => e.id)).toEqual([ids.main, ids.second, ids.third]);
    expect(d.entries[0]).toMatchObject({
      _type: 'url',
      ie_key: 'Youtube',
      id: ids.main,
      url: watchUrl(ids.main),
      title: 'Kiwi harvest: the main fixture video',
      duration: 5,
      channel_id: CHANNEL_ID,
      channel: NAME,
      uploader_id: HANDLE,
      timestamp: null,
      live_status: null,
      availability: null,
    });
    expect(d.entries[0].view_count).toBeGreaterThan(0);
    expect(d.entries[0].thumbnails.length).toBeGreaterThan(0);
  });

  it('gives shorts entries without channel fields or duration, and dates with approximate_date', async () => {
    const shorts = await json(['--flat-playlist', '-J', `https://www.youtube.com/channel/${CHANNEL_ID}/shorts`]);
    expect(shorts.title).toBe(`${NAME} - Shorts`);
    expect(shorts.entries.map((e: { url: string }) => e.url)).toEqual([
      `https://www.youtube.com/shorts/${ids.short1}`,
      `https://www.youtube.com/shorts/${ids.short2}`,
    ]);
    expect(shorts.entries[0].channel_id).toBeUndefined();
    expect(shorts.entries[0].duration).toBeUndefined();

    const streams = await json([
      '--flat-playlist', '-J', '--extractor-args', 'youtubetab:approximate_date', `https://www.youtube.com/${HANDLE}/streams`,
    ]);
    expect(streams.title).toBe(`${NAME} - Live`);
    expect(streams.entries[0]).toMatchObject({ id: ids.stream, live_status: 'was_live', timestamp: 1690000000 });
  });

  it('lists the channel root as one playlist per tab (Videos, Live, Shorts), like youtube:tab', async () => {
    const d = await json(['--flat-playlist', '-J', `https://www.youtube.com/${HANDLE}`]);
    expect(d).toMatchObject({ _type: 'playlist', id: CHANNEL_ID, title: NAME, uploader_id: HANDLE });
    expect(d.entries.map((e: { title: string }) => e.title)).toEqual([`${NAME} - Videos`, `${NAME} - Live`, `${NAME} - Shorts`]);
    expect(d.entries[0].entries).toHaveLength(3);
  });

  it('lists a generated 5,000-entry tab quickly', async () => {
    const bigId = fakeChannelId('big');
    platform.addChannel({ channelId: bigId, handle: '@bigchannel', name: 'Big Channel', tabs: {} });
    const generated = platform.generateTab(bigId, 'videos', 5000);
    expect(new Set(generated).size).toBe(5000);
    expect(platform.generateTab(bigId, 'videos', 5000)).toEqual(generated); // deterministic
    const r = await ytdlp(['--flat-playlist', '-J', 'https://www.youtube.com/@bigchannel/videos']);
    expect(r.code, r.stderr).toBe(0);
    console.log(`5,000-entry --flat-playlist -J took ${r.ms} ms`);
    const d = JSON.parse(r.stdout);
    expect(d.entries).toHaveLength(5000);
    expect(d.entries.map((e: { id: string }) => e.id)).toEqual(generated);
    expect(d.entries[0].title).toBe('Big Channel Video #5000');
    expect(r.ms).toBeLessThan(15_000);
    // A generated video downloads with default fields.
    const one = await ytdlp(['--simulate', '--print', '%(title)s|%(upload_date)s|%(channel_id)s', watchUrl(generated[4999]!)]);
    expect(one.stdout.trim()).toBe(`Big Channel Video #1|${new Date((1767268800 - 4999 * 86400) * 1000).toISOString().slice(0, 10).replace(/-/g, '')}|${bigId}`);
  });

  it('lists a playlist in its own order', async () => {
    const d = await json(['--flat-playlist', '-J', 'https://www.youtube.com/playlist?list=PLfixture0000000001']);
    expect(d).toMatchObject({
      _type: 'playlist',
      id: 'PLfixture0000000001',
      title: 'Fixture playlist',
      availability: 'public',
      channel_id: CHANNEL_ID,
      uploader_id: HANDLE,
      playlist_count: 3,
      extractor: 'youtube:tab',
    });
    expect(d.entries.map((e: { id: string }) => e.id)).toEqual([ids.third, ids.main, ids.second]);
    const uploads = await json(['--flat-playlist', '-J', `https://www.youtube.com/playlist?list=UU${CHANNEL_ID.slice(2)}`]);
    expect(uploads.title).toBe(`Uploads from ${NAME}`);
    expect(uploads.entries).toHaveLength(6);
  });

  it('answers ytsearchN: in relevance order', async () => {
    const d = await json(['--flat-playlist', '-J', 'ytsearch3:kiwi']);
    expect(d).toMatchObject({ _type: 'playlist', id: 'kiwi', title: 'kiwi', extractor: 'youtube:search' });
    expect(d.entries.map((e: { id: string }) => e.id)).toEqual([ids.main, ids.second, ids.third]);
    expect(d.entries[0]).toMatchObject({ _type: 'url', ie_key: 'Youtube', url: watchUrl(ids.main) });
  });
});

describe('failures', () => {
  it('print the real platform texts and exit non-zero', async () => {
    const failures = Object.keys(FAILURE_TEXTS) as (keyof typeof FAILURE_TEXTS)[];
    for (const f of failures) platform.addVideo(video(fakeVideoId(`fail-${f}`), `Failing ${f}`, { failure: f }));
    const dir = await mkdtemp(join(work, 'fail-'));
    const runs = await Promise.all(
      failures.map((f) => ytdlp(['-f', 'bv+ba', '-o', '%(id)s.%(ext)s', watchUrl(fakeVideoId(`fail-${f}`))], { cwd: dir })),
    );
    failures.forEach((f, i) => {
      const r = runs[i]!;
      expect(r.code, `${f}: ${r.stderr}`).toBe(1);
      expect(r.stderr, f).toContain(FAILURE_TEXTS[f].replace('{id}', fakeVideoId(`fail-${f}`)));
    });
    // Members-only videos are marked in listings too.
    platform.addChannel({
      channelId: fakeChannelId('members'),
      handle: '@members',
      name: 'Members',
      tabs: { videos: [fakeVideoId('fail-members-only')] },
    });
    const listed = await json(['--flat-playlist', '-J', 'https://www.youtube.com/@members/videos']);
    expect(listed.entries[0].availability).toBe('subscriber_only');
  });

  it('reports channel and playlist errors like youtube:tab', async () => {
    platform.addChannel({ channelId: fakeChannelId('gone'), handle: '@gonechannel', name: 'Gone', terminated: true, tabs: { videos: [] } });
    const [unknown, noTab, terminated, noPlaylist] = await Promise.all([
      ytdlp(['--flat-playlist', '-J', 'https://www.youtube.com/@nosuchchannel/videos']),
      ytdlp(['--flat-playlist', '-J', 'https://www.youtube.com/@members/shorts']),
      ytdlp(['--flat-playlist', '-J', 'https://www.youtube.com/@gonechannel/videos']),
      ytdlp(['--flat-playlist', '-J', 'https://www.youtube.com/playlist?list=PLdoesnotexist']),
    ]);
    for (const r of [unknown, noTab, terminated, noPlaylist]) expect(r.code).toBe(1);
    expect(unknown.stderr).toContain('ERROR: [youtube:tab] @nosuchchannel: Unable to download webpage: HTTP Error 404: Not Found');
    expect(noTab.stderr).toContain('ERROR: [youtube:tab] @members: This channel does not have a shorts tab');
    expect(terminated.stderr).toContain(
      "ERROR: [youtube:tab] @gonechannel: YouTube said: This account has been terminated for a violation of YouTube's Terms of Service.",
    );
    expect(noPlaylist.stderr).toContain('ERROR: [youtube:tab] PLdoesnotexist: YouTube said: The playlist does not exist.');
  });

  it('stall: the download ends with a timeout error instead of hanging', async () => {
    const id = fakeVideoId('fail-stall');
    platform.addVideo(video(id, 'Stalling video', { failure: 'stall' }));
    const dir = await mkdtemp(join(work, 'stall-'));
    const r = await ytdlp(['--socket-timeout', '2', '--retries', '1', '-f', 'bv+ba', '-o', '%(id)s.%(ext)s', watchUrl(id)], {
      cwd: dir,
      timeoutMs: 30_000,
    });
    console.log(`stalled download gave up after ${r.ms} ms`);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ERROR: [\s\S]*?timed out\. Giving up after 1 retries/);
    platform.releaseStalls();
  }, 40_000);

  it('close() ends stalled responses so nothing hangs', async () => {
    const other = await startFakePlatform();
    const id = fakeVideoId('close-stall');
    other.addVideo(video(id, 'Stall then close', { failure: 'stall' }));
    const res = await fetch(`${other.url}/media/${id}/audio.m4a`);
    expect(res.status).toBe(200);
    const body = res.arrayBuffer();
    const t = Date.now();
    await other.close();
    await expect(body).rejects.toThrow();
    expect(Date.now() - t).toBeLessThan(2000);
  });
});
