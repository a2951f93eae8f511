/**
 * The fake platform, exercised through the REAL yt-dlp (the `yt-dlp` on PATH: the current release,
 * and Debian's in the floor pass; set FAKE_PLATFORM_YTDLP to
 * try another build) with the real URLs the service builds.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeChannelId,
  fakeVideoId,
  startFakePlatform,
  type FakeFailure,
  type FakePlatform,
  type FakeVideo,
} from './index.js';

const YTDLP = process.env.FAKE_PLATFORM_YTDLP ?? 'yt-dlp';

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
/** How yt-dlp names the fixture channel on its videos and its tabs. */
const CHANNEL_FIELDS = {
  channel: NAME,
  channel_id: CHANNEL_ID,
  channel_url: `https://www.youtube.com/channel/${CHANNEL_ID}`,
  uploader: NAME,
  uploader_id: HANDLE,
  uploader_url: `https://www.youtube.com/${HANDLE}`,
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
    const child = spawn('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,width,height',
      '-of',
      'json',
      file,
    ]);
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(JSON.parse(out).streams) : reject(new Error(`ffprobe exited ${code}`)),
    );
  });
}

const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/**
 * Downloads video-only mp4 at most `size.height` high plus m4a audio, merged into `<id>.mp4` in a
 * new folder, checks that the file has a video stream of `size` and an audio stream, and returns
 * the folder.
 */
async function downloadMerged(id: string, size: { width: number; height: number }, extra: string[] = []) {
  const dir = await mkdtemp(join(work, `dl${size.height}-`));
  const format = `bestvideo[height<=${size.height}][ext=mp4]+bestaudio[ext=m4a]`;
  const r = await ytdlp(
    ['-f', format, '--merge-output-format', 'mp4', ...extra, '-o', '%(id)s.%(ext)s', watchUrl(id)],
    { cwd: dir },
  );
  expect(r.code, r.stderr).toBe(0);
  const streams = await ffprobe(join(dir, `${id}.mp4`));
  expect(streams).toContainEqual(expect.objectContaining({ codec_type: 'video', ...size }));
  expect(streams.some((s) => s.codec_type === 'audio')).toBe(true);
  return dir;
}

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
    playlists: [
      {
        id: 'PLfixture0000000001',
        title: 'Fixture playlist',
        channelId: CHANNEL_ID,
        videoIds: [ids.third, ids.main, ids.second],
      },
    ],
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
      env: { ...process.env, PYTHONPATH: platform.env.PYTHONPATH!, PYTHONDONTWRITEBYTECODE: '1' },
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
    const dir = await downloadMerged(ids.main, { width: 1280, height: 720 }, [
      '--write-info-json',
      '--write-thumbnail',
    ]);
    expect(existsSync(join(dir, `${ids.main}.jpg`))).toBe(true);

    const info = JSON.parse(await readFile(join(dir, `${ids.main}.info.json`), 'utf8'));
    expect(info).toMatchObject({
      id: ids.main,
      title: 'Kiwi harvest: the main fixture video',
      fulltitle: 'Kiwi harvest: the main fixture video',
      extractor: 'youtube',
      extractor_key: 'Youtube',
      webpage_url: watchUrl(ids.main),
      ...CHANNEL_FIELDS,
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
    await downloadMerged(ids.second, { width: 640, height: 360 });
  });

  it('resolves youtu.be, shorts, live and mobile forms to the same id', async () => {
    const id = ids.main;
    const r = await ytdlp([
      '--simulate',
      '--print',
      '%(id)s %(extractor)s %(webpage_url)s',
      `https://youtu.be/${id}`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube.com/live/${id}`,
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

  it('throttles a video: media arrive a slice at a time, the same bytes as unthrottled', async () => {
    const id = fakeVideoId('throttled');
    platform.addVideo(video(id, 'Slow Link', { throttle: { bytes: 5000, everyMs: 1000 } }));
    const url = `${platform.url}/media/${id}/v720.mp4`;
    const res = await fetch(url, { headers: { Range: 'bytes=0-9999' } });
    expect(res.status).toBe(206);
    const chunks: Uint8Array[] = [];
    const reader = res.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    // The first slice came alone; the second a second later.
    expect(chunks[0]!.byteLength).toBeLessThanOrEqual(5000);
    const slow = Buffer.concat(chunks);
    platform.setThrottle(id, null);
    const fast = Buffer.from(await (await fetch(url, { headers: { Range: 'bytes=0-9999' } })).arrayBuffer());
    expect(slow.byteLength).toBe(10_000);
    expect(slow.equals(fast)).toBe(true);
  });
});

describe('listings', () => {
  it('lists a channel tab with --flat-playlist -J like youtube:tab', async () => {
    const d = await json(['--flat-playlist', '-J', `https://www.youtube.com/${HANDLE}/videos`]);
    expect(d).toMatchObject({
      _type: 'playlist',
      id: CHANNEL_ID,
      title: `${NAME} - Videos`,
      ...CHANNEL_FIELDS,
      description: 'The channel of the fixtures.',
      tags: [],
      channel_follower_count: 4321,
      extractor: 'youtube:tab',
      extractor_key: 'YoutubeTab',
      webpage_url: `https://www.youtube.com/${HANDLE}/videos`,
      playlist_count: 3,
    });
    expect(d.thumbnails.map((t: { id: string }) => t.id)).toEqual(
      expect.arrayContaining(['avatar_uncropped', 'banner_uncropped']),
    );
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
      '--flat-playlist',
      '-J',
      '--extractor-args',
      'youtubetab:approximate_date',
      `https://www.youtube.com/${HANDLE}/streams`,
    ]);
    expect(streams.title).toBe(`${NAME} - Live`);
    expect(streams.entries[0]).toMatchObject({ id: ids.stream, live_status: 'was_live', timestamp: 1690000000 });
  });

  it('lists the channel root as one playlist per tab (Videos, Live, Shorts), like youtube:tab', async () => {
    const d = await json(['--flat-playlist', '-J', `https://www.youtube.com/${HANDLE}`]);
    expect(d).toMatchObject({ _type: 'playlist', id: CHANNEL_ID, title: NAME, uploader_id: HANDLE });
    expect(d.entries.map((e: { title: string }) => e.title)).toEqual([
      `${NAME} - Videos`,
      `${NAME} - Live`,
      `${NAME} - Shorts`,
    ]);
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
    const one = await ytdlp([
      '--simulate',
      '--print',
      '%(title)s|%(upload_date)s|%(channel_id)s',
      watchUrl(generated[4999]!),
    ]);
    expect(one.stdout.trim()).toBe(
      `Big Channel Video #1|${new Date((1767268800 - 4999 * 86400) * 1000).toISOString().slice(0, 10).replace(/-/g, '')}|${bigId}`,
    );
  });

  it('serves a long tab in pages of 30, read one continuation at a time as the platform does', async () => {
    const pagedId = fakeChannelId('paged');
    platform.addChannel({ channelId: pagedId, handle: '@pagedchannel', name: 'Paged Channel', tabs: {} });
    const generated = platform.generateTab(pagedId, 'videos', 75);
    const url = 'https://www.youtube.com/@pagedchannel/videos';
    const pageRequests = () => platform.requests.filter((r) => r.path.startsWith('/api/channel/@pagedchannel/videos'));
    const before = pageRequests().length;
    // -v shows the page lines (--dump-json is quiet otherwise); --lazy-playlist hands each page's
    // entries over before the next page is read; --sleep-requests paces every page.
    const r = await ytdlp(['--flat-playlist', '--dump-json', '--lazy-playlist', '-v', '--sleep-requests', '0.3', url]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(generated);
    expect(r.stderr.match(/^\[youtube:tab\] .+ page \d+: Downloading API JSON$/gm)).toEqual([
      `[youtube:tab] ${pagedId} page 1: Downloading API JSON`,
      `[youtube:tab] ${pagedId} page 2: Downloading API JSON`,
    ]);
    expect(r.stderr).toContain('Sleeping 0.3 seconds ...');
    expect(r.ms).toBeGreaterThan(600); // two paced continuations
    expect(
      pageRequests()
        .slice(before)
        .map((x) => x.path),
    ).toEqual([
      '/api/channel/@pagedchannel/videos',
      '/api/channel/@pagedchannel/videos?page=1',
      '/api/channel/@pagedchannel/videos?page=2',
    ]);
    // --playlist-end stops reading pages once it has its entries.
    const first = await ytdlp(['--flat-playlist', '--dump-json', '--lazy-playlist', '--playlist-end', '31', url]);
    expect(first.stdout.trim().split('\n')).toHaveLength(31);
    expect(
      pageRequests()
        .slice(before + 3)
        .map((x) => x.path),
    ).toEqual(['/api/channel/@pagedchannel/videos', '/api/channel/@pagedchannel/videos?page=1']);
    expect((await json(['--flat-playlist', '-J', url])).playlist_count).toBe(75);
  });

  it("hides a channel's tab playlists when it has tabPlaylists: false", async () => {
    const hiddenId = fakeChannelId('no-tab-playlists');
    platform.addChannel({
      channelId: hiddenId,
      handle: '@notabplaylists',
      name: 'No Tab Playlists',
      tabs: { videos: [ids.main] },
      tabPlaylists: false,
    });
    const r = await ytdlp([
      '--flat-playlist',
      '-J',
      '-I',
      '0',
      `https://www.youtube.com/playlist?list=UULF${hiddenId.slice(2)}`,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('The playlist does not exist.');
    expect(
      (await json(['--flat-playlist', '-J', 'https://www.youtube.com/@notabplaylists/videos'])).entries,
    ).toHaveLength(1);
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
    const uploads = await json([
      '--flat-playlist',
      '-J',
      `https://www.youtube.com/playlist?list=UU${CHANNEL_ID.slice(2)}`,
    ]);
    expect(uploads.title).toBe(`Uploads from ${NAME}`);
    expect(uploads.entries).toHaveLength(6);
  });

  it('shows private and deleted videos of a playlist as placeholders in their place, and can break a listing off', async () => {
    const hidden = fakeVideoId('pl-private');
    const gone = fakeVideoId('pl-removed');
    platform.addVideo(video(hidden, 'Secret', { failure: 'private' }));
    platform.addVideo(video(gone, 'Gone', { failure: 'removed' }));
    platform.addPlaylist({
      id: 'PLmixedavailability01',
      title: 'Mixed',
      channelId: CHANNEL_ID,
      videoIds: [ids.main, hidden, gone, ids.second],
    });
    const d = await json(['--flat-playlist', '-J', 'https://www.youtube.com/playlist?list=PLmixedavailability01']);
    expect(d.playlist_count).toBe(4);
    expect(
      d.entries.map((e: { id: string; title: string; channel_id: string | null }) => [e.id, e.title, e.channel_id]),
    ).toEqual([
      [ids.main, 'Kiwi harvest: the main fixture video', CHANNEL_ID],
      [hidden, '[Private video]', null],
      [gone, '[Deleted video]', null],
      [ids.second, expect.any(String), CHANNEL_ID],
    ]);

    platform.addPlaylist({
      id: 'PLinterrupted00000001',
      title: 'Cut',
      channelId: CHANNEL_ID,
      videoIds: [ids.main, ids.second, ids.third],
      failAfter: 2,
    });
    const cut = await ytdlp([
      '--flat-playlist',
      '--dump-json',
      'https://www.youtube.com/playlist?list=PLinterrupted00000001',
    ]);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain('Incomplete data received');
    const lines = cut.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; playlist_count: number });
    expect(lines.map((l) => l.id)).toEqual([ids.main, ids.second]);
    expect(lines[0]!.playlist_count).toBe(3);
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
      failures.map((f) =>
        ytdlp(['-f', 'bv+ba', '-o', '%(id)s.%(ext)s', watchUrl(fakeVideoId(`fail-${f}`))], { cwd: dir }),
      ),
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
    platform.addChannel({
      channelId: fakeChannelId('gone'),
      handle: '@gonechannel',
      name: 'Gone',
      terminated: true,
      tabs: { videos: [] },
    });
    const [unknown, noTab, terminated, noPlaylist] = await Promise.all([
      ytdlp(['--flat-playlist', '-J', 'https://www.youtube.com/@nosuchchannel/videos']),
      ytdlp(['--flat-playlist', '-J', 'https://www.youtube.com/@members/shorts']),
      ytdlp(['--flat-playlist', '-J', 'https://www.youtube.com/@gonechannel/videos']),
      ytdlp(['--flat-playlist', '-J', 'https://www.youtube.com/playlist?list=PLdoesnotexist']),
    ]);
    for (const r of [unknown, noTab, terminated, noPlaylist]) expect(r.code).toBe(1);
    // yt-dlp names the page of an HTTP error: 2023.03.04 by the channel, 2026 by the channel's tab.
    expect(unknown.stderr).toMatch(
      /ERROR: \[youtube:tab\] @nosuchchannel(?:\/videos)?: Unable to download webpage: HTTP Error 404: Not Found/,
    );
    expect(noTab.stderr).toContain('ERROR: [youtube:tab] @members: This channel does not have a shorts tab');
    expect(terminated.stderr).toContain(
      "ERROR: [youtube:tab] @gonechannel: YouTube said: This account has been terminated for a violation of YouTube's Terms of Service.",
    );
    expect(noPlaylist.stderr).toContain(
      'ERROR: [youtube:tab] PLdoesnotexist: YouTube said: The playlist does not exist.',
    );
  });

  it('stall: the download ends with a timeout error instead of hanging', async () => {
    const id = fakeVideoId('fail-stall');
    platform.addVideo(video(id, 'Stalling video', { failure: 'stall' }));
    const dir = await mkdtemp(join(work, 'stall-'));
    const r = await ytdlp(
      ['--socket-timeout', '2', '--retries', '1', '-f', 'bv+ba', '-o', '%(id)s.%(ext)s', watchUrl(id)],
      {
        cwd: dir,
        timeoutMs: 30_000,
      },
    );
    console.log(`stalled download gave up after ${r.ms} ms`);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ERROR: [\s\S]*?timed out\. Giving up after 1 retries/);
    platform.releaseStalls();
  }, 40_000);

  it('mediaFailures: the first media requests answer 403, 500 or a reset, the later ones the file', async () => {
    const dir = await mkdtemp(join(work, 'passing-'));
    const cases = [
      [403, 'ERROR: unable to download video data: HTTP Error 403: Forbidden'],
      [500, 'HTTP Error 500: Internal Server Error'],
      ['reset', 'Remote end closed connection without response'],
    ] as const;
    for (const [status, text] of cases) {
      const id = fakeVideoId(`passing-${status}`);
      platform.addVideo(video(id, `Passing ${status}`, { mediaFailures: { status, times: 1 } }));
      const args = ['--retries', '0', '-f', '18', '-o', '%(id)s.%(ext)s', watchUrl(id)];
      const first = await ytdlp(args, { cwd: dir });
      expect(first.code, `${status}: ${first.stderr}`).toBe(1);
      expect(first.stderr).toContain(text);
      expect(platform.mediaRequests(id)).toBe(1);
      const second = await ytdlp(args, { cwd: dir });
      expect(second.code, second.stderr).toBe(0);
      expect((await stat(join(dir, `${id}.mp4`))).size).toBeGreaterThan(1000);
    }
    platform.setMediaFailures(fakeVideoId('passing-403'), { status: 403, times: 5 });
    expect((await fetch(`${platform.url}/media/${fakeVideoId('passing-403')}/muxed.mp4`)).status).toBe(403);
  }, 60_000);

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

// ---------------------------------------------------------------------------------------------
// Channel search, tab playlists and the Data API

const orchard = {
  life: fakeChannelId('orchard-life'),
  guy: fakeChannelId('orchard-guy'),
  garden: fakeChannelId('garden-things'),
  old: fakeChannelId('old-orchard'),
};
const TABBED = fakeChannelId('tabbed');
const tabbed = {
  v1: fakeVideoId('tabbed-v1'),
  v2: fakeVideoId('tabbed-v2'),
  members: fakeVideoId('tabbed-members'),
  short: fakeVideoId('tabbed-short'),
  private: fakeVideoId('tabbed-private'),
};
const CHANNEL_FILTER_URL = (q: string) =>
  `https://www.youtube.com/results?search_query=${encodeURIComponent(q)}&sp=EgIQAg%3D%3D`;
const LOGIN_HINT = 'Use --cookies-from-browser or --cookies for the authentication.';
const QUOTA_MESSAGE =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';

/** Idempotent: add* replace what is there. Name matches are inserted last to show that relevance, not insertion, orders results. */
function addSearchFixtures(): void {
  platform.addChannel({
    channelId: orchard.guy,
    handle: '@orchardguy',
    name: 'Fruit Growers',
    description: 'Trees.',
    followerCount: 999,
    tabs: { videos: [] },
  });
  platform.addChannel({
    channelId: orchard.garden,
    handle: '@gardenthings',
    name: 'Garden Things',
    description: 'Visits an Orchard every week.\nAnd more.',
    followerCount: null,
    tabs: { videos: [] },
  });
  platform.addChannel({
    channelId: orchard.old,
    handle: '@oldorchard',
    name: 'Old Orchard',
    terminated: true,
    tabs: { videos: [] },
  });
  platform.addChannel({
    channelId: orchard.life,
    handle: '@orchardlife',
    name: 'Orchard Life',
    description: 'Life on an orchard.',
    followerCount: 123456,
    tabs: { videos: [] },
  });
  const tv = (id: string, title: string, extra: Partial<FakeVideo> = {}): FakeVideo => ({
    id,
    title,
    channelId: TABBED,
    channel: 'Tabbed',
    handle: '@tabbed',
    ...extra,
  });
  platform.addVideo(tv(tabbed.v1, "Tom's orchard & more", { timestamp: 1720000000 }));
  platform.addVideo(tv(tabbed.v2, 'Second tabbed video', { timestamp: 1710000000 }));
  platform.addVideo(tv(tabbed.members, 'Members first', { timestamp: 1730000000, availability: 'subscriber_only' }));
  platform.addVideo(tv(tabbed.short, 'A short', { timestamp: 1725000000, mediaType: 'short' }));
  platform.addVideo(tv(tabbed.private, 'Secret', { failure: 'private' }));
  platform.addChannel({
    channelId: TABBED,
    handle: '@tabbed',
    name: 'Tabbed',
    followerCount: 4321,
    tabs: { videos: [tabbed.members, tabbed.v1, tabbed.v2], shorts: [tabbed.short] },
  });
  platform.addPlaylist({
    id: 'PLtabbedmix00000001',
    title: 'Mix',
    channelId: TABBED,
    videoIds: [tabbed.v2, tabbed.private, tabbed.v1],
  });
}

/**
 * How yt-dlp names a failed search: the URL has no id, so 2023.03.04 prints "[ie] None: msg" (a tuple bug in
 * extract()); 2026.08.19 puts the page's id on network errors ("[ie] query "q" page 1: msg") and none on others.
 */
const searchError = (ie: string, message: string) =>
  new RegExp(
    `^ERROR: \\[${ie}\\] (?:None: |query "[^"]*" page 1: )?${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    'm',
  );
const ndjson = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);

/** yt-dlp on the search results page with the channel filter: one NDJSON line per channel in `items` (`1-5`). */
const channelSearch = (q: string, items: string) =>
  ytdlp(['--flat-playlist', '--dump-json', '--playlist-items', items, CHANNEL_FILTER_URL(q)]);

describe('search results page (youtube:search_url)', () => {
  beforeAll(addSearchFixtures);

  it('lists channels for the channel filter as NDJSON url results shaped like _extract_channel_renderer', async () => {
    const r = await channelSearch('orchard', '1-10');
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    // Name matches, then handle matches, then description matches; the terminated "Old Orchard" never.
    expect(rows.map((e) => e.id)).toEqual([orchard.life, orchard.guy, orchard.garden]);
    expect(rows[0]).toMatchObject({
      _type: 'url',
      ie_key: 'YoutubeTab',
      url: `https://www.youtube.com/channel/${orchard.life}`,
      id: orchard.life,
      channel: 'Orchard Life',
      uploader: 'Orchard Life',
      channel_id: orchard.life,
      channel_url: `https://www.youtube.com/channel/${orchard.life}`,
      title: 'Orchard Life',
      uploader_id: '@orchardlife',
      uploader_url: 'https://www.youtube.com/@orchardlife',
      channel_follower_count: 123000, // "123K subscribers"
      playlist_count: null,
      description: 'Life on an orchard.',
      channel_is_verified: null,
      playlist: 'orchard',
      playlist_index: 1,
    });
    expect(rows[1].channel_follower_count).toBe(999);
    expect(rows[2]).toMatchObject({
      channel_follower_count: null,
      description: 'Visits an Orchard every week. And more.',
    });
    expect(rows[0].thumbnails).toEqual([
      { url: `${platform.url}/ca/${orchard.life}/avatar.jpg?s=88`, width: 88, height: 88 },
      { url: `${platform.url}/ca/${orchard.life}/avatar.jpg?s=176`, width: 176, height: 176 },
    ]);
    const avatar = await fetch(rows[0].thumbnails[1].url);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/jpeg');
    await avatar.arrayBuffer();

    const two = await channelSearch('orchard', '1-2');
    expect(ndjson(two.stdout).map((e) => e.id)).toEqual([orchard.life, orchard.guy]);
    const single = await json(['--flat-playlist', '-J', CHANNEL_FILTER_URL('orchard')]);
    expect(single).toMatchObject({
      _type: 'playlist',
      id: 'orchard',
      title: 'orchard',
      extractor: 'youtube:search_url',
    });
    // The form yt-dlp's own tests use (sp doubly encoded) and a handle-only query.
    const handle = await json([
      '--flat-playlist',
      '-J',
      'https://www.youtube.com/results?search_query=orchardguy&sp=EgIQAg%253D%253D',
    ]);
    expect(handle.entries.map((e: { id: string }) => e.id)).toEqual([orchard.guy]);
  });

  it('answers the results page without the filter with video results, like ytsearch', async () => {
    const page = await json(['--flat-playlist', '-J', 'https://www.youtube.com/results?search_query=kiwi']);
    const search = await json(['--flat-playlist', '-J', 'ytsearch3:kiwi']);
    expect(page).toMatchObject({
      id: 'kiwi',
      title: 'kiwi',
      extractor: 'youtube:search_url',
      extractor_key: 'YoutubeSearchURL',
    });
    expect(page.entries.slice(0, 3)).toEqual(search.entries);
    expect(page.entries[0]).toMatchObject({ _type: 'url', ie_key: 'Youtube', id: ids.main });
  });

  it('setSearchBehavior: bot-check and http-429 fail the results page and ytsearch with the real texts; delayMs delays', async () => {
    try {
      platform.setSearchBehavior({ failure: 'bot-check' });
      const [page, search] = await Promise.all([
        channelSearch('orchard', '1-5'),
        ytdlp(['--flat-playlist', '--dump-json', 'ytsearch5:kiwi']),
      ]);
      expect(page.code).toBe(1);
      expect(page.stdout).toBe('');
      expect(page.stderr).toMatch(
        searchError('youtube:search_url', `Sign in to confirm you’re not a bot. ${LOGIN_HINT}`),
      );
      expect(search.code).toBe(1);
      expect(search.stderr).toMatch(
        searchError('youtube:search', `Sign in to confirm you’re not a bot. ${LOGIN_HINT}`),
      );

      platform.setSearchBehavior({ failure: 'http-429' });
      const limited = await channelSearch('orchard', '1-5');
      expect(limited.code).toBe(1);
      expect(limited.stderr).toMatch(
        searchError('youtube:search_url', 'Unable to download API page: HTTP Error 429: Too Many Requests'),
      );

      platform.setSearchBehavior({ delayMs: 1500 });
      const slow = await channelSearch('orchard', '1-5');
      expect(slow.code, slow.stderr).toBe(0);
      expect(ndjson(slow.stdout)).toHaveLength(3);
      expect(slow.ms).toBeGreaterThanOrEqual(1500);
    } finally {
      platform.setSearchBehavior({});
    }
    const fast = await ytdlp(['--flat-playlist', '--dump-json', 'ytsearch1:kiwi']);
    expect(fast.code, fast.stderr).toBe(0);
  });
});

describe('tab playlists (UULF, UUSH, UULV, UUMO)', () => {
  beforeAll(addSearchFixtures);
  const list = (prefix: string, channelId: string) =>
    `https://www.youtube.com/playlist?list=${prefix}${channelId.slice(2)}`;

  it('give playlist_count of the public entries with -I 0; members-only videos are only in UUMO', async () => {
    const [lf, sh, mo] = await Promise.all(
      ['UULF', 'UUSH', 'UUMO'].map((prefix) => json(['--flat-playlist', '-J', '-I', '0', list(prefix, TABBED)])),
    );
    expect(lf).toMatchObject({
      _type: 'playlist',
      id: `UULF${TABBED.slice(2)}`,
      title: 'Tabbed - Videos',
      playlist_count: 2,
      entries: [],
      channel_id: TABBED,
      uploader_id: '@tabbed',
      availability: 'public',
      extractor: 'youtube:tab',
      webpage_url: list('UULF', TABBED),
    });
    expect(sh).toMatchObject({ title: 'Tabbed - Shorts', playlist_count: 1 });
    expect(mo).toMatchObject({ title: 'Tabbed - Members only', playlist_count: 1 });

    const full = await json(['--flat-playlist', '-J', list('UULF', TABBED)]);
    expect(full.entries.map((e: { id: string }) => e.id)).toEqual([tabbed.v1, tabbed.v2]);
    const members = await json(['--flat-playlist', '-J', list('UUMO', TABBED)]);
    expect(members.entries.map((e: { id: string }) => e.id)).toEqual([tabbed.members]);
    expect(members.entries[0].availability).toBe('subscriber_only');

    const [videos, shorts, streams] = await Promise.all(
      ['UULF', 'UUSH', 'UULV'].map((prefix) => json(['--flat-playlist', '-J', '-I', '0', list(prefix, CHANNEL_ID)])),
    );
    expect([videos.playlist_count, shorts.playlist_count, streams.playlist_count]).toEqual([3, 2, 1]);
    expect(streams.title).toBe(`${NAME} - Live`);
  });

  it('a tab the channel does not have does not exist, like an unknown playlist', async () => {
    const [noLive, noMembers] = await Promise.all([
      ytdlp(['--flat-playlist', '-J', '-I', '0', list('UULV', TABBED)]),
      ytdlp(['--flat-playlist', '-J', '-I', '0', list('UUMO', CHANNEL_ID)]),
    ]);
    expect(noLive.code).toBe(1);
    expect(noLive.stderr).toContain(
      `ERROR: [youtube:tab] UULV${TABBED.slice(2)}: YouTube said: The playlist does not exist.`,
    );
    expect(noMembers.code).toBe(1);
    expect(noMembers.stderr).toContain(
      `ERROR: [youtube:tab] UUMO${CHANNEL_ID.slice(2)}: YouTube said: The playlist does not exist.`,
    );
  });
});

describe('YouTube Data API v3 (<url>/youtube/v3)', () => {
  beforeAll(addSearchFixtures);

  async function api(resource: string, params: Record<string, string>, key: string | null = 'test-data-api-key') {
    const query = new URLSearchParams(key === null ? params : { ...params, key });
    const res = await fetch(`${platform.env.VIDKEEP_SOURCE_API_URL}/${resource}?${query}`);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: (await res.json()) as Record<string, any>,
    };
  }

  it('is announced in env and wants a valid key (400 keyInvalid), recording every request', async () => {
    expect(platform.env.VIDKEEP_SOURCE_API_URL).toBe(`${platform.url}/youtube/v3`);
    const keyInvalid = {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        errors: [
          { message: 'API key not valid. Please pass a valid API key.', domain: 'usageLimits', reason: 'keyInvalid' },
        ],
      },
    };
    const used = platform.apiQuotaUsed;
    const missing = await api('channels', { part: 'id', id: CHANNEL_ID }, null);
    const wrong = await api('channels', { part: 'id', id: CHANNEL_ID }, 'nope');
    expect(missing).toEqual({ status: 400, type: 'application/json; charset=UTF-8', body: keyInvalid });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(keyInvalid);
    expect(platform.apiQuotaUsed).toBe(used);
    expect(platform.requests.some((q) => q.path === `/youtube/v3/channels?part=id&id=${CHANNEL_ID}&key=nope`)).toBe(
      true,
    );
  });

  it('search.list type=channel: relevance order, paging with real-looking tokens, 100 units per page', async () => {
    const used = platform.apiQuotaUsed;
    const first = await api('search', { part: 'snippet', type: 'channel', q: 'orchard', maxResults: '2' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      kind: 'youtube#searchListResponse',
      nextPageToken: 'CAIQAA',
      regionCode: 'US',
      pageInfo: { totalResults: 3, resultsPerPage: 2 },
    });
    expect(first.body.etag).toMatch(/^[\w-]{27}$/);
    expect(Object.keys(first.body)).toEqual(['kind', 'etag', 'nextPageToken', 'regionCode', 'pageInfo', 'items']);
    expect(first.body.items.map((i: any) => i.id.channelId)).toEqual([orchard.life, orchard.guy]);
    const item = first.body.items[0];
    expect(item).toMatchObject({
      kind: 'youtube#searchResult',
      id: { kind: 'youtube#channel', channelId: orchard.life },
      snippet: {
        channelId: orchard.life,
        title: 'Orchard Life',
        description: 'Life on an orchard.',
        channelTitle: 'Orchard Life',
        liveBroadcastContent: 'none',
      },
    });
    expect(item.snippet.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(item.snippet.publishTime).toBe(item.snippet.publishedAt);
    expect(Object.keys(item.snippet.thumbnails)).toEqual(['default', 'medium', 'high']);
    expect(item.snippet.thumbnails.default.url).toBe(`${platform.url}/ca/${orchard.life}/avatar.jpg?s=88`);

    const second = await api('search', {
      part: 'snippet',
      type: 'channel',
      q: 'orchard',
      maxResults: '2',
      pageToken: 'CAIQAA',
    });
    expect(second.body).toMatchObject({ prevPageToken: 'CAAQAQ', pageInfo: { totalResults: 3, resultsPerPage: 2 } });
    expect(second.body.nextPageToken).toBeUndefined();
    expect(second.body.items.map((i: any) => i.id.channelId)).toEqual([orchard.garden]);
    expect(platform.apiQuotaUsed).toBe(used + 200);

    const bad = await api('search', { part: 'snippet', type: 'channel', q: 'orchard', pageToken: 'garbage' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.errors[0].reason).toBe('invalidPageToken');
  });

  it('search.list type=video: video results with HTML-escaped titles, channelId/order filters', async () => {
    const r = await api('search', { part: 'snippet', type: 'video', q: 'orchard', maxResults: '50' });
    expect(r.body.items).toHaveLength(1);
    expect(r.body.items[0]).toMatchObject({
      id: { kind: 'youtube#video', videoId: tabbed.v1 },
      snippet: {
        channelId: TABBED,
        title: 'Tom&#39;s orchard &amp; more',
        channelTitle: 'Tabbed',
        liveBroadcastContent: 'none',
        publishedAt: '2024-07-03T09:46:40Z',
      },
    });
    expect(Object.keys(r.body.items[0].snippet.thumbnails)).toEqual(['default', 'medium', 'high']);
    const byDate = await api('search', {
      part: 'id',
      type: 'video',
      channelId: TABBED,
      order: 'date',
      maxResults: '50',
    });
    expect(byDate.body.items.map((i: any) => i.id.videoId)).toEqual([
      tabbed.members,
      tabbed.short,
      tabbed.v1,
      tabbed.v2,
    ]);
    expect(byDate.body.items[0].snippet).toBeUndefined();
  });

  it('channels.list by id, forHandle and forUsername; not found is 200 without items', async () => {
    const parts = 'snippet,contentDetails,statistics';
    const byId = await api('channels', {
      part: parts,
      id: `${CHANNEL_ID},UCnosuchchannel0000000000,${orchard.garden}`,
    });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      kind: 'youtube#channelListResponse',
      pageInfo: { totalResults: 2, resultsPerPage: 5 },
    });
    const [fixture, garden] = byId.body.items;
    expect(fixture).toMatchObject({
      kind: 'youtube#channel',
      id: CHANNEL_ID,
      snippet: {
        title: NAME,
        description: 'The channel of the fixtures.',
        customUrl: HANDLE,
        localized: { title: NAME, description: 'The channel of the fixtures.' },
      },
      contentDetails: { relatedPlaylists: { uploads: `UU${CHANNEL_ID.slice(2)}` } },
      // Every public video of every tab (3 videos, 2 shorts, 1 stream); subscribers to 3 significant figures.
      statistics: { subscriberCount: '4320', hiddenSubscriberCount: false, videoCount: '6' },
    });
    expect(fixture.statistics.viewCount).toMatch(/^[1-9]\d*$/);
    expect(Object.keys(fixture.snippet.thumbnails)).toEqual(['default', 'medium', 'high']);
    expect(fixture.snippet.thumbnails.high).toEqual({
      url: `${platform.url}/ca/${CHANNEL_ID}/avatar.jpg?s=800`,
      width: 800,
      height: 800,
    });
    expect(garden.statistics).toEqual({ viewCount: '0', hiddenSubscriberCount: true, videoCount: '0' });

    const tab = await api('channels', { part: 'statistics', forHandle: '@Tabbed' });
    expect(tab.body.items[0]).toMatchObject({ id: TABBED, statistics: { videoCount: '3' } }); // members-only not counted
    expect((await api('channels', { part: 'id', forHandle: 'tabbed' })).body.items[0]).toEqual({
      kind: 'youtube#channel',
      etag: expect.stringMatching(/^[\w-]{27}$/),
      id: TABBED,
    });
    expect((await api('channels', { part: 'id', forUsername: 'orchardlife' })).body.items[0].id).toBe(orchard.life);
    for (const params of [{ forHandle: '@nosuchchannel' }, { forHandle: '@oldorchard' } /* terminated */]) {
      const none = await api('channels', { part: 'snippet', ...params });
      expect(none.status).toBe(200);
      expect(Object.keys(none.body)).toEqual(['kind', 'etag', 'pageInfo']);
      expect(none.body.pageInfo).toEqual({ totalResults: 0, resultsPerPage: 5 });
    }
  });

  it('playlistItems.list: uploads and tab playlists, paging, placeholders, 404 playlistNotFound', async () => {
    const used = platform.apiQuotaUsed;
    const items = (r: { body: Record<string, any> }) =>
      r.body.items.map((i: any) => i.snippet?.resourceId.videoId ?? i.contentDetails.videoId);
    const all = { part: 'snippet,contentDetails,status', maxResults: '50' };
    const rest = TABBED.slice(2);
    const uu = await api('playlistItems', { ...all, playlistId: `UU${rest}` });
    expect(uu.body).toMatchObject({
      kind: 'youtube#playlistItemListResponse',
      pageInfo: { totalResults: 4, resultsPerPage: 50 },
    });
    expect(items(uu)).toEqual([tabbed.members, tabbed.short, tabbed.v1, tabbed.v2]);
    expect(items(await api('playlistItems', { ...all, playlistId: `UULF${rest}` }))).toEqual([tabbed.v1, tabbed.v2]);
    expect(items(await api('playlistItems', { ...all, playlistId: `UUSH${rest}` }))).toEqual([tabbed.short]);
    expect(items(await api('playlistItems', { ...all, playlistId: `UUMO${rest}` }))).toEqual([tabbed.members]);

    const lf = await api('playlistItems', { ...all, playlistId: `UULF${rest}` });
    expect(lf.body.items[0]).toMatchObject({
      kind: 'youtube#playlistItem',
      snippet: {
        publishedAt: '2024-07-03T09:46:40Z',
        channelId: TABBED,
        title: "Tom's orchard & more",
        channelTitle: 'Tabbed',
        playlistId: `UULF${rest}`,
        position: 0,
        resourceId: { kind: 'youtube#video', videoId: tabbed.v1 },
        videoOwnerChannelTitle: 'Tabbed',
        videoOwnerChannelId: TABBED,
      },
      contentDetails: { videoId: tabbed.v1, videoPublishedAt: '2024-07-03T09:46:40Z' },
      status: { privacyStatus: 'public' },
    });
    expect(Object.keys(lf.body.items[0].snippet.thumbnails)).toEqual([
      'default',
      'medium',
      'high',
      'standard',
      'maxres',
    ]);
    const thumb = await fetch(lf.body.items[0].snippet.thumbnails.default.url);
    expect(thumb.status).toBe(200);
    await thumb.arrayBuffer();

    // A user playlist keeps a private entry as a placeholder; pages of 2.
    const p1 = await api('playlistItems', {
      part: 'snippet,contentDetails,status',
      playlistId: 'PLtabbedmix00000001',
      maxResults: '2',
    });
    expect(p1.body).toMatchObject({ nextPageToken: 'CAIQAA', pageInfo: { totalResults: 3, resultsPerPage: 2 } });
    expect(p1.body.items[1]).toMatchObject({
      snippet: { title: 'Private video', description: 'This video is private.', thumbnails: {}, position: 1 },
      contentDetails: { videoId: tabbed.private },
      status: { privacyStatus: 'private' },
    });
    expect(p1.body.items[1].snippet.videoOwnerChannelId).toBeUndefined();
    expect(p1.body.items[1].contentDetails.videoPublishedAt).toBeUndefined();
    const p2 = await api('playlistItems', {
      part: 'snippet',
      playlistId: 'PLtabbedmix00000001',
      maxResults: '2',
      pageToken: 'CAIQAA',
    });
    expect(p2.body.items.map((i: any) => [i.snippet.position, i.snippet.resourceId.videoId])).toEqual([[2, tabbed.v1]]);

    const notFound = {
      error: {
        code: 404,
        message: "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
        errors: [
          {
            message: "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
            domain: 'youtube.playlistItem',
            reason: 'playlistNotFound',
            location: 'playlistId',
            locationType: 'parameter',
          },
        ],
      },
    };
    for (const playlistId of [`UULV${rest}`, 'PLdoesnotexist', `UU${orchard.old.slice(2)}`]) {
      const r = await api('playlistItems', { part: 'id', playlistId, maxResults: '1' });
      expect(r, playlistId).toMatchObject({ status: 404, body: notFound });
    }
    expect(platform.apiQuotaUsed).toBe(used + 10);
  });

  it('quota: search costs 100, the rest 1; exhaustion is 403 quotaExceeded with the real body', async () => {
    const before = { used: platform.apiQuotaUsed };
    try {
      platform.apiQuotaUsed = 0;
      platform.setApiQuota(150);
      expect((await api('search', { part: 'snippet', type: 'channel', q: 'orchard' })).status).toBe(200);
      const over = await api('search', { part: 'snippet', type: 'channel', q: 'orchard' });
      expect(over).toEqual({
        status: 403,
        type: 'application/json; charset=UTF-8',
        body: {
          error: {
            code: 403,
            message: QUOTA_MESSAGE,
            errors: [{ message: QUOTA_MESSAGE, domain: 'youtube.quota', reason: 'quotaExceeded' }],
          },
        },
      });
      expect(platform.apiQuotaUsed).toBe(100);
      expect((await api('channels', { part: 'id', id: CHANNEL_ID })).status).toBe(200); // 1 unit still fits
      expect(platform.apiQuotaUsed).toBe(101);
      platform.setApiQuota(101);
      expect((await api('channels', { part: 'id', id: CHANNEL_ID })).status).toBe(403);
    } finally {
      platform.setApiQuota(10000);
      platform.apiQuotaUsed = before.used;
    }
  });

  it('setApiFailure forces quotaExceeded (403), keyInvalid (400) and backendError (500)', async () => {
    try {
      const q = { part: 'id', id: CHANNEL_ID };
      platform.setApiFailure('quotaExceeded');
      expect(await api('channels', q)).toMatchObject({
        status: 403,
        body: { error: { errors: [{ reason: 'quotaExceeded' }] } },
      });
      platform.setApiFailure('keyInvalid');
      expect(await api('channels', q)).toMatchObject({
        status: 400,
        body: { error: { errors: [{ reason: 'keyInvalid' }] } },
      });
      platform.setApiFailure('backendError');
      expect(await api('channels', q)).toEqual({
        status: 500,
        type: 'application/json; charset=UTF-8',
        body: {
          error: {
            code: 500,
            message: 'Backend Error',
            errors: [{ message: 'Backend Error', domain: 'global', reason: 'backendError' }],
          },
        },
      });
      platform.setApiFailure(null);
      expect((await api('channels', q)).status).toBe(200);
    } finally {
      platform.setApiFailure(null);
    }
  });

  it('takes its keys and quota from the init options', async () => {
    const other = await startFakePlatform({ apiKeys: ['k-1'], apiQuota: 1 });
    try {
      const call = (key: string) =>
        fetch(`${other.env.VIDKEEP_SOURCE_API_URL}/channels?part=id&forHandle=x&key=${key}`);
      expect((await call('test-data-api-key')).status).toBe(400);
      expect((await call('k-1')).status).toBe(200);
      expect((await call('k-1')).status).toBe(403);
      expect(other.apiQuotaUsed).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('the signed-in account (cookies, subscriptions feed)', () => {
  const other = fakeChannelId('subscribed-other');
  const gone = fakeChannelId('subscribed-gone');
  const locked = fakeVideoId('needs-sign-in');
  const cookieFile = (value: string, expires = '0') =>
    `# Netscape HTTP Cookie File\n.youtube.com\tTRUE\t/\tTRUE\t${expires}\tLOGIN_INFO\t${value}\n.google.com\tTRUE\t/\tTRUE\t0\tSID\tnot-sent\n`;
  let files: { good: string; wrong: string; expired: string };

  beforeAll(async () => {
    platform.addChannel({ channelId: other, handle: '@subother', name: 'Subscribed Other', tabs: {} });
    platform.addChannel({ channelId: gone, handle: '@subgone', name: 'Subscribed Gone', tabs: {}, terminated: true });
    platform.addVideo(video(locked, 'Only for signed-in viewers', { requiresSignIn: true }));
    platform.setAccount({
      cookie: { name: 'LOGIN_INFO', value: 'signed-in-session' },
      subscriptions: [other, gone, CHANNEL_ID],
    });
    const { writeFile } = await import('node:fs/promises');
    files = { good: join(work, 'good.txt'), wrong: join(work, 'wrong.txt'), expired: join(work, 'expired.txt') };
    await writeFile(files.good, cookieFile('signed-in-session'));
    await writeFile(files.wrong, cookieFile('someone-else'));
    await writeFile(files.expired, cookieFile('signed-in-session', '1000000000'));
  });
  afterAll(() => platform.setAccount(null));

  it('lists the subscriptions feed as channel url results only for a request with the account cookie', async () => {
    const r = await ytdlp([
      '--cookies',
      files.good,
      '--flat-playlist',
      '--dump-json',
      'https://www.youtube.com/feed/channels',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const entries = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // The terminated channel is not listed, the others in the account's order.
    expect(entries.map((e) => e.id)).toEqual([other, CHANNEL_ID]);
    expect(entries[1]).toMatchObject({
      _type: 'url',
      ie_key: 'YoutubeTab',
      url: `https://www.youtube.com/channel/${CHANNEL_ID}`,
      title: NAME,
      channel_id: CHANNEL_ID,
      uploader_id: HANDLE,
    });
    // Only the platform's cookies travel, by name.
    const feed = platform.requests.filter((q) => q.path === '/api/feed/channels').at(-1);
    expect(feed?.cookies).toEqual(['LOGIN_INFO']);
  });

  it('asks a visitor, a wrong session and an expired cookie to sign in, in yt-dlp’s words', async () => {
    for (const args of [[], ['--cookies', files.wrong], ['--cookies', files.expired]]) {
      const r = await ytdlp([...args, '--flat-playlist', '-J', 'https://www.youtube.com/feed/channels']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'ERROR: [youtube:tab] channels: Login details are needed to download this content. Use --cookies-from-browser or --cookies for the authentication.',
      );
    }
  });

  it('bot-checks a visitor on a video that requires sign-in, and lets the account through', async () => {
    const visitor = await ytdlp(['--skip-download', '--print', 'title', watchUrl(locked)]);
    expect(visitor.code).toBe(1);
    expect(visitor.stderr).toContain(FAILURE_TEXTS['bot-check'].replace('{id}', locked));
    const account = await ytdlp(['--cookies', files.good, '--skip-download', '--print', 'title', watchUrl(locked)]);
    expect(account.code, account.stderr).toBe(0);
    expect(account.stdout.trim()).toBe('Only for signed-in viewers');
  });
});
