import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Video } from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/core/plugin-api';
import { login } from '@vidkeep/core/testing';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { queueDownload, waitForJob, watchUrl, platformSuite } from '../../helpers/downloads.js';
import { REPO_ROOT } from '../../helpers/server-process.js';
import { call, until } from '../channels/helpers.js';

/** What a media server reads from a file's container (ffprobe's format tags). */
function fileTags(file: string): Record<string, string> {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', file], {
    encoding: 'utf8',
  });
  return (JSON.parse(out) as { format: { tags?: Record<string, string> } }).format.tags ?? {};
}

const nfoOf = (file: string) => readFileSync(file.replace(/\.mp4$/, '.nfo'), 'utf8');

/**
 * Ratings, protection, bulk actions, a video's page, platform search and the URL check, with real
 * downloads (yt-dlp, ffmpeg) from the fake platform and the files read back with ffprobe.
 */
// Real downloads and ffmpeg rewrites: minutes on a loaded CI machine rather than the default 30 s.
describe('library management with real downloads', { timeout: 120_000 }, () => {
  const rated = fakeChannelId('rated');
  const plain = fakeChannelId('plain');
  const other = fakeChannelId('other');
  const id = (s: string) => fakeVideoId(`lib-${s}`);
  const R1 = id('r1');
  const R2 = id('r2');
  const ADULT = id('adult');
  const PLAIN = id('plain');
  const AUDIO = id('audio');
  const LISTED = id('listed');
  const FRESH = id('fresh');
  const WALLED = id('walled');
  const LIST = 'PLlibrarymanagement0001';

  const video = async (sourceId: string) => {
    const r = await call<Video>(suite.app, 'GET', `/api/videos/${sourceId}`);
    expect(r.status).toBe(200);
    return r.body;
  };
  const download = async (payload: Record<string, unknown>) => {
    const res = await queueDownload(suite.app, payload);
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json<{ jobId: string | null }>().jobId;
    expect(jobId, res.body).not.toBeNull();
    const job = await waitForJob(suite.app, jobId!);
    expect(job.status, JSON.stringify(job)).toBe('completed');
  };

  const r = { channelId: rated, channel: 'Rated Channel', handle: '@rated' };
  const c = { channelId: plain, channel: 'Plain Channel', handle: '@plain' };
  const suite = platformSuite(() => ({
    videos: [
      { ...r, id: R1, title: 'Rated first clip', uploadDate: '20250301' },
      { ...r, id: R2, title: 'Rated second clip', uploadDate: '20250302' },
      {
        ...c,
        id: ADULT,
        title: 'Grown-up talk',
        ageLimit: 18,
        tags: ['talk', 'late night'],
        chapters: [
          { title: 'Intro', start_time: 0, end_time: 2 },
          { title: 'Main part', start_time: 2, end_time: 5 },
        ],
      },
      { ...c, id: PLAIN, title: 'Plain clip' },
      { ...c, id: AUDIO, title: 'Plain podcast' },
      { ...c, id: FRESH, title: 'Plain fresh one' },
      { ...c, id: WALLED, title: 'Plain walled one', failure: 'bot-check' },
      { channelId: other, channel: 'Other Channel', handle: '@other', id: LISTED, title: 'Listed clip' },
    ],
    channels: [
      { channelId: rated, handle: '@rated', name: 'Rated Channel', tabs: { videos: [R2, R1] } },
      { channelId: plain, handle: '@plain', name: 'Plain Channel', tabs: { videos: [PLAIN, ADULT] } },
      { channelId: other, handle: '@other', name: 'Other Channel', tabs: { videos: [LISTED] } },
    ],
    playlists: [{ id: LIST, title: 'Rated list', channelId: other, videoIds: [LISTED] }],
  }));

  it('gives each download its content rating and writes it into the MP4 and the NFO', async () => {
    expect(
      (
        await call(suite.app, 'POST', '/updatechannels', {
          add: [{ url: '@rated', settings: { auto_download_enabled_tabs: '' } }],
        })
      ).status,
    ).toBe(200);
    const bad = await call(suite.app, 'PUT', `/api/channels/${rated}/settings`, { default_rating: 'PG13' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('default_rating');
    const put = await call(suite.app, 'PUT', `/api/channels/${rated}/settings`, { default_rating: 'pg-13' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.settings.default_rating).toBe('PG-13');

    // The channel default, the platform's age limit, an override, and nothing at all.
    await download({ urls: [watchUrl(R1), watchUrl(ADULT), watchUrl(PLAIN)] });
    await download({ url: watchUrl(R2), rating: 'TV-Y' });

    const r1 = await video(R1);
    expect(r1).toMatchObject({ normalized_rating: 'PG-13', rating_source: 'Channel Default' });
    expect(fileTags(r1.filePath!).iTunEXTC).toBe('mpaa|PG-13|300|');
    expect(nfoOf(r1.filePath!)).toContain('<mpaa>PG-13</mpaa>');
    expect(nfoOf(r1.filePath!)).toContain('<rating name="source"><value>Channel Default</value></rating>');

    const adult = await video(ADULT);
    expect(adult).toMatchObject({ normalized_rating: 'R', rating_source: 'yt-dlp:age_limit=18' });
    expect(fileTags(adult.filePath!).iTunEXTC).toBe('mpaa|R|400|');
    // yt-dlp's own tags survive the rewrite.
    expect(fileTags(adult.filePath!).title).toBe('Grown-up talk');

    const r2 = await video(R2);
    expect(r2).toMatchObject({ normalized_rating: 'TV-Y', rating_source: 'Manual Override' });
    expect(fileTags(r2.filePath!).iTunEXTC).toBe('us-tv|TV-Y|100|');

    const plainVideo = await video(PLAIN);
    expect(plainVideo).toMatchObject({ normalized_rating: null, rating_source: null });
    expect(fileTags(plainVideo.filePath!).iTunEXTC).toBeUndefined();
    expect(nfoOf(plainVideo.filePath!)).not.toContain('<mpaa>');

    const badRating = await queueDownload(suite.app, { url: watchUrl(FRESH), rating: 'XXX' });
    expect(badRating.statusCode).toBe(400);
  });

  it("rates a followed playlist's downloads with its default", async () => {
    const follow = await call(suite.app, 'POST', '/api/playlists', { url: LIST });
    expect(follow.status, JSON.stringify(follow.body)).toBe(201);
    expect((await call(suite.app, 'PUT', `/api/playlists/${LIST}/settings`, { default_rating: 'TV-G' })).status).toBe(
      200,
    );
    const queued = await call(suite.app, 'POST', `/api/playlists/${LIST}/download`, { videoIds: [LISTED] });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    await waitForJob(suite.app, queued.body.jobIds[0]);
    const listed = await video(LISTED);
    expect(listed).toMatchObject({ normalized_rating: 'TV-G', rating_source: 'Playlist Default' });
    expect(fileTags(listed.filePath!).iTunEXTC).toBe('us-tv|TV-G|300|');
  });

  it('rates videos in bulk: files rewritten, audio-only warned, unknown ids failed, kept on a re-download', async () => {
    await download({ url: watchUrl(AUDIO), audioFormat: 'mp3_only' });
    const res = await call(suite.app, 'POST', '/api/videos/rating', {
      sourceIds: [PLAIN, AUDIO, 'zzzzzzzzzzz'],
      rating: 'tv-14',
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toEqual([PLAIN, AUDIO]);
    expect(res.body.warnings).toEqual([{ sourceId: AUDIO, warning: expect.stringContaining('Audio-only') }]);
    expect(res.body.failed).toEqual([
      expect.objectContaining({ sourceId: 'zzzzzzzzzzz', code: 'DOWNLOAD_VIDEO_NOT_FOUND' }),
    ]);
    const plainVideo = await video(PLAIN);
    expect(plainVideo).toMatchObject({ normalized_rating: 'TV-14', rating_source: 'Manual Override' });
    expect(fileTags(plainVideo.filePath!).iTunEXTC).toBe('us-tv|TV-14|500|');
    expect(nfoOf(plainVideo.filePath!)).toContain('<mpaa>TV-14</mpaa>');
    expect((await video(AUDIO)).normalized_rating).toBe('TV-14');

    // By library id too; a rating outside the list is refused.
    const byId = await call(suite.app, 'POST', '/api/videos/rating', { videoIds: [plainVideo.id], rating: 'PG13' });
    expect(byId.status).toBe(400);
    expect(byId.body.code).toBe('DOWNLOAD_INVALID_RATING');
    expect((await call(suite.app, 'POST', '/api/videos/rating', { rating: 'G' })).status).toBe(400);

    // A manual rating stays when the video is downloaded again.
    await download({ url: watchUrl(PLAIN), allowRedownload: true });
    const again = await video(PLAIN);
    expect(again).toMatchObject({ normalized_rating: 'TV-14', rating_source: 'Manual Override' });
    expect(fileTags(again.filePath!).iTunEXTC).toBe('us-tv|TV-14|500|');

    // NR clears it from the file and the NFO.
    const nr = await call(suite.app, 'POST', '/api/videos/rating', { videoIds: [again.id], rating: 'NR' });
    expect(nr.body.success).toEqual([PLAIN]);
    expect(fileTags(again.filePath!).iTunEXTC).toBeUndefined();
    expect(nfoOf(again.filePath!)).not.toContain('mpaa');
    expect(await video(PLAIN)).toMatchObject({ normalized_rating: null, rating_source: 'Manual Override' });
  }, 120_000);

  it('shows protection on the channel videos and filters them', async () => {
    expect((await call(suite.app, 'PATCH', `/api/videos/${R1}/protected`, { protected: true })).status).toBe(200);
    const only = await until(
      async () => {
        const r = await call(suite.app, 'GET', `/getchannelvideos/${rated}?protectedFilter=only`);
        return r.body.total === 1 ? r.body : undefined;
      },
      10_000,
      'the protected channel video',
    );
    expect(only.videos.map((v: { sourceId: string }) => v.sourceId)).toEqual([R1]);
    expect(only.videos[0]).toMatchObject({ protected: true, missing: false, downloaded: true });
    const rest = await call(suite.app, 'GET', `/getchannelvideos/${rated}?protectedFilter=exclude`);
    expect(rest.body.videos.map((v: { sourceId: string }) => v.sourceId)).toEqual([R2]);
    const lib = await call(suite.app, 'GET', '/api/videos?protectedFilter=only');
    expect(lib.body.videos.map((v: Video) => v.sourceId)).toEqual([R1]);
    // A later change reaches the listing through the downloader's event.
    await call(suite.app, 'PATCH', `/api/videos/${R2}/protected`, { protected: true });
    await until(
      async () => {
        const r = await call(suite.app, 'GET', `/getchannelvideos/${rated}?protectedFilter=only`);
        return r.body.total === 2 ? true : undefined;
      },
      10_000,
      'the second protected channel video',
    );
    await call(suite.app, 'PATCH', `/api/videos/${R2}/protected`, { protected: false });
    const page = async (q: string) =>
      (await call(suite.app, 'GET', `/getchannelvideos/${rated}?${q}`)).body.videos.map(
        (v: { sourceId: string }) => v.sourceId,
      );
    expect(await page('dateFrom=2025-03-02')).toEqual([R2]);
    expect(await page('dateTo=2025-03-01')).toEqual([R1]);
    expect(await page('minDuration=5&maxDuration=5')).toEqual([R2, R1]);
    expect(await page('minDuration=6')).toEqual([]);
    const bad = await call(suite.app, 'GET', `/getchannelvideos/${rated}?protectedFilter=maybe`);
    expect(bad.status).toBe(400);
  });

  it("serves a video's stored metadata, its files and where it appears", async () => {
    const meta = await call(suite.app, 'GET', `/api/videos/${ADULT}/metadata`);
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({
      infoJsonAvailable: true,
      tags: ['talk', 'late night'],
      categories: ['People & Blogs'],
      chapters: [
        { title: 'Intro', startTime: 0, endTime: 2 },
        { title: 'Main part', startTime: 2, endTime: 5 },
      ],
      ageLimit: 18,
      availableResolutions: [720, 360],
      downloadedTier: '720p',
      webpageUrl: watchUrl(ADULT),
    });
    expect(meta.body.viewCount).toBeGreaterThan(0);
    expect(meta.body.description).toContain('Grown-up talk');
    const kinds = meta.body.relatedFiles.map((f: { kind: string }) => f.kind).sort();
    expect(kinds).toEqual(['nfo', 'thumbnail', 'video']);
    for (const f of meta.body.relatedFiles) {
      expect(f.exists).toBe(true);
      expect(f.size).toBeGreaterThan(0);
    }

    const listed = await call(suite.app, 'GET', `/api/videos/${LISTED}/links`);
    expect(listed.body.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'playlist', id: LIST, title: 'Rated list', following: true }),
        expect.objectContaining({ kind: 'channel', id: other, following: false }),
      ]),
    );
    const own = await call(suite.app, 'GET', `/api/videos/${R1}/links`);
    expect(own.body.links).toEqual([expect.objectContaining({ kind: 'channel', id: rated, following: true })]);
    expect((await call(suite.app, 'GET', '/api/videos/zzzzzzzzzzz/metadata')).status).toBe(404);
  });

  it('checks a pasted URL once with yt-dlp, saying what the library has', async () => {
    const watchRequests = () => suite.p.requests.filter((r) => r.path.startsWith('/api/watch/')).length;
    const before = watchRequests();
    const known = await call(suite.app, 'POST', '/api/checkSourceVideoURL', { url: `https://youtu.be/${R1}` });
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({
      isValidUrl: true,
      isAlreadyDownloaded: true,
      status: 'downloaded',
      metadata: { sourceId: R1, videoTitle: 'Rated first clip', channelName: 'Rated Channel', duration: 5 },
    });
    expect(known.body.downloaded.videoResolution).toBe('1280x720');
    expect(known.body.metadata.thumbnailUrl).toMatch(/^http/);
    expect(watchRequests() - before).toBe(1);

    const fresh = await call(suite.app, 'POST', '/api/checkSourceVideoURL', { url: watchUrl(FRESH) });
    expect(fresh.body).toMatchObject({ isValidUrl: true, isAlreadyDownloaded: false, status: 'never_downloaded' });

    const walled = await call(suite.app, 'POST', '/api/checkSourceVideoURL', { url: watchUrl(WALLED) });
    expect(walled.body).toMatchObject({ isValidUrl: false, errorCode: 'COOKIES_REQUIRED' });
    expect(walled.body.error).toMatch(/cookies/i);

    const channel = await call(suite.app, 'POST', '/api/checkSourceVideoURL', {
      url: 'https://www.youtube.com/@rated',
    });
    expect(channel.body).toMatchObject({ isValidUrl: false, errorCode: 'NOT_A_VIDEO_URL' });
  });

  it('searches the platform for videos with yt-dlp and with the Data API, marking what is downloaded', async () => {
    const viaYtDlp = await call(suite.app, 'POST', '/api/videos/search', { query: 'Rated', count: 10 });
    expect(viaYtDlp.status, JSON.stringify(viaYtDlp.body)).toBe(200);
    const byId = new Map(viaYtDlp.body.results.map((r: { sourceId: string }) => [r.sourceId, r]));
    expect(byId.get(R1)).toMatchObject({ status: 'downloaded', isProtected: true, normalizedRating: 'PG-13' });
    expect(byId.get(R1)).toMatchObject({ title: 'Rated first clip', channelName: 'Rated Channel' });

    expect((await call(suite.app, 'PATCH', '/api/config', { sourceApiKey: 'test-data-api-key' })).status).toBe(200);
    const apiBefore = suite.p.requests.filter((r) => r.path.startsWith('/youtube/v3/search')).length;
    const viaApi = await call(suite.app, 'POST', '/api/videos/search', { query: 'Plain', count: 10 });
    expect(viaApi.status).toBe(200);
    expect(suite.p.requests.filter((r) => r.path.startsWith('/youtube/v3/search')).length).toBe(apiBefore + 1);
    const plainHit = viaApi.body.results.find((r: { sourceId: string }) => r.sourceId === PLAIN);
    expect(plainHit).toMatchObject({ status: 'downloaded', duration: 5, title: 'Plain clip' });
    expect(viaApi.body.results.find((r: { sourceId: string }) => r.sourceId === FRESH)).toMatchObject({
      status: 'never_downloaded',
      databaseId: null,
    });
    expect((await call(suite.app, 'PATCH', '/api/config', { sourceApiKey: '' })).status).toBe(200);

    expect((await call(suite.app, 'POST', '/api/videos/search', { query: '   ' })).status).toBe(400);
    suite.p.setSearchBehavior({ failure: 'http-429' });
    const failed = await call(suite.app, 'POST', '/api/videos/search', { query: 'Rated' });
    suite.p.setSearchBehavior({});
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe('DOWNLOAD_SEARCH_FAILED');
  });

  it('deletes several videos at once, reporting the ones it could not', async () => {
    const r2 = await video(R2);
    const res = await call(suite.app, 'DELETE', '/api/videos', { sourceIds: [R2, 'zzzzzzzzzzz'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, deleted: [R2] });
    expect(res.body.failed).toEqual([expect.objectContaining({ sourceId: 'zzzzzzzzzzz' })]);
    expect(existsSync(r2.filePath!)).toBe(false);
    expect(existsSync(dirname(r2.filePath!))).toBe(false);
    expect((await video(R2)).removed).toBe(true);
    expect((await call(suite.app, 'DELETE', '/api/videos', {})).status).toBe(400);
  });

  it('copies a file found missing into the channel listings at the next start', async () => {
    const r1 = await video(R1);
    const dir = suite.app.t.dir;
    const orm = suite.app.t.app.diContainer.resolve<Orm>('orm');
    await orm.em
      .getConnection()
      .execute('update library_videos set missing_at = ? where source_id = ?', [Date.now(), R1] as never[], 'run');
    const lib = await call(suite.app, 'GET', '/api/videos?missingFilter=only');
    expect(lib.body.videos.map((v: Video) => v.sourceId)).toEqual([R1]);
    await suite.app.t.close();
    const t = await suite.h.boot({ dir, env: suite.p.env });
    const token = await login(t);
    suite.app = { t, token, headers: { 'x-access-token': token } };
    const missing = await until(
      async () => {
        const r = await call(suite.app, 'GET', `/getchannelvideos/${rated}?missingFilter=only`);
        return r.body?.total === 1 ? r.body : undefined;
      },
      10_000,
      'the missing channel video',
    );
    expect(missing.videos[0]).toMatchObject({ sourceId: R1, missing: true, protected: true });
    expect(r1.missingAt).toBeNull();
  });
});

describe('video search time limits', () => {
  const manifest = JSON.parse(readFileSync(`${REPO_ROOT}/plugin-manifest.json`, 'utf8')) as {
    plugins: { id: string; options?: unknown }[];
  };
  /** The repository's manifest with a 2-second search timeout (the default is the reference's 60 s). */
  const quick = {
    ...manifest,
    plugins: manifest.plugins.map((pl) =>
      pl.id === 'downloader' ? { ...pl, options: { searchTimeoutSeconds: 2 } } : pl,
    ),
  };

  const channelId = fakeChannelId('slow');
  const suite = platformSuite(
    () => ({
      videos: [{ id: fakeVideoId('slow-1'), title: 'Slow search clip', channelId, channel: 'Slow', handle: '@slow' }],
    }),
    { manifest: quick },
  );

  it('answers 504 when the search takes too long, 499 (in the log) when the client leaves first, 429 past 10 a minute', async () => {
    suite.p.setSearchBehavior({ delayMs: 6000 });
    const started = Date.now();
    const slow = await call(suite.app, 'POST', '/api/videos/search', { query: 'slow' });
    expect(slow.status).toBe(504);
    expect(slow.body.code).toBe('DOWNLOAD_SEARCH_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(5500);

    await suite.app.t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (suite.app.t.app.server.address() as AddressInfo).port;
    const req = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/videos/search',
      headers: { ...suite.app.headers, 'content-type': 'application/json' },
    });
    req.on('error', () => {});
    req.end(JSON.stringify({ query: 'slow' }));
    await new Promise((r) => setTimeout(r, 500));
    req.destroy();
    const line = await until(
      async () => suite.app.t.logs.find((l) => l.url === '/api/videos/search' && l.statusCode === 499),
      10_000,
      'a 499 log line',
    );
    expect(line.statusCode).toBe(499);
    suite.p.setSearchBehavior({});

    // Those were 2 of the 10 searches a client may make per minute.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await call(suite.app, 'POST', '/api/videos/search', { query: 'slow' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const limited = await call(suite.app, 'POST', '/api/videos/search', { query: 'slow' });
    expect(limited.body.code).toBe('DOWNLOAD_RATE_LIMITED');
  }, 60_000);
});
