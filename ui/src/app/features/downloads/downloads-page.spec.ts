import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { By } from '@angular/platform-browser';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { FakeApi, provideFakeApi, type FakeHandler } from '../../../testing/fake-api';
import { FakeLive, provideFakeLive } from '../../../testing/fake-live';
import { dom } from '../../../testing/dom';
import { jobCounts, jobDetail, jobSummary, jobVideo, queueState } from '../../../testing/fixtures/downloads';
import { settle } from '../../../testing/settle';
import type { JobDetail, JobSummary, StorageStatus } from './api-types';
import { DownloadForm } from './download-form';
import { DownloadsPage } from './downloads-page';

const summary = (extra: Partial<JobSummary> = {}): JobSummary =>
  jobSummary('11111111-1111-4111-8111-111111111111', {
    label: 'Manual download: First Clip',
    status: 'running',
    counts: jobCounts({ total: 1, active: 1 }),
    startedAt: '2025-01-01T00:00:01.000Z',
    ...extra,
  });

const detail = (): JobDetail =>
  jobDetail(summary(), [
    jobVideo('aaaaaaaaaaa', {
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      state: 'downloading',
      title: 'First Clip',
      duration: 5,
      progress: {
        percent: 10,
        downloadedBytes: 100,
        totalBytes: 1000,
        speedBytesPerSecond: 2_000_000,
        etaSeconds: 90,
        stage: 'video',
      },
    }),
  ]);

/** The answer to a request for a video the library has at 720p: skipped, not queued. */
const ALREADY_DOWNLOADED = {
  success: true,
  message: '"First Clip" is already downloaded (720p, 2026-11-20); it was not downloaded again',
  queued: 0,
  acceptedIds: [],
  alreadyActiveIds: [],
  jobId: null,
  video: { title: 'First Clip', thumbnail: '', duration: 0 },
  videos: [],
  rejected: [],
  alreadyDownloaded: [
    {
      sourceId: 'aaaaaaaaaaa',
      title: 'First Clip',
      video_resolution: '1280x720',
      downloadedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

describe('DownloadsPage', () => {
  let api: FakeApi;
  let live: FakeLive;
  let postAnswer: FakeHandler;
  let storage: StorageStatus;
  let fixture: ComponentFixture<DownloadsPage>;
  const q = <T extends HTMLElement = HTMLElement>(sel: string) => dom(fixture).one<T>(sel);
  /** The form of the page (a child component). */
  const downloadForm = () => fixture.debugElement.query(By.directive(DownloadForm)).injector.get(DownloadForm);
  const posts = () => api.calls.filter((c) => c.method === 'POST').map(({ url, body }) => ({ url, body }));

  beforeEach(async () => {
    vi.useFakeTimers();
    postAnswer = () => ({
      success: true,
      message: 'Queued 1 of 2 videos; 1 already queued or downloading',
      queued: 1,
      acceptedIds: ['aaaaaaaaaaa'],
      alreadyActiveIds: ['bbbbbbbbbbb'],
      jobId: null,
      video: { title: 'x', thumbnail: '', duration: 0 },
      videos: [],
      rejected: [],
      alreadyDownloaded: [],
    });
    storage = { paused: false, reason: null, freeBytes: 1e12, usedBytes: 0, minFreeBytes: null, maxUsedBytes: null };
    TestBed.configureTestingModule({
      providers: [
        provideFakeApi(),
        provideFakeLive(),
        provideRouter([]),
        { provide: Auth, useValue: { token: signal('tok') } },
      ],
    });
    api = TestBed.inject(FakeApi);
    live = TestBed.inject(FakeLive);
    api
      .on('GET', '/getconfig', () => ({ preferredResolution: '720' }))
      .on('GET', '/api/channels/subfolders', () => ['Music', 'News'])
      .on('GET', '/api/downloader/storage', () => storage)
      .on('GET', '/api/queue', () => queueState({ running: 1 }))
      .on('GET', '/api/jobs', ({ query }) =>
        query?.['status'] === 'active'
          ? { jobs: [summary()], total: 1, page: 1, pageSize: 200 }
          : { jobs: [], total: 0, page: 1, pageSize: 10 },
      )
      .on('GET', /^\/api\/jobs\/[^/]+$/, () => detail())
      .on('POST', /./, (call) => postAnswer(call));
    fixture = TestBed.createComponent(DownloadsPage);
    await settle(fixture);
  });

  afterEach(() => vi.useRealTimers());

  const typeUrls = (text: string) => dom(fixture).type('[data-testid="download-urls"]', text);

  it('uses the preferred resolution of the configuration', () => {
    expect(downloadForm().form.controls.resolution.value).toBe('720');
  });

  it('queues several URLs as urls and shows the answer', async () => {
    typeUrls('https://youtu.be/aaaaaaaaaaa\n\nhttps://youtu.be/bbbbbbbbbbb\n');
    q<HTMLButtonElement>('[data-testid="download-submit"]')!.click();
    await settle(fixture);
    expect(posts()).toEqual([
      {
        url: '/api/videos/download',
        body: { urls: ['https://youtu.be/aaaaaaaaaaa', 'https://youtu.be/bbbbbbbbbbb'], resolution: '720' },
      },
    ]);
    const message = q('[data-testid="download-message"]')!;
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.textContent).toContain('Queued 1 of 2 videos');
    expect(message.textContent).toContain('bbbbbbbbbbb');
    expect(downloadForm().form.controls.urls.value).toBe('');
  });

  it('counts only what looks like a URL, queues the good lines and leaves the refused ones in the box with their reasons', async () => {
    const playlist = 'https://www.youtube.com/playlist?list=PLxxxxxxxxxxxxxxxx';
    typeUrls(`https://youtu.be/aaaaaaaaaaa\nnot a url at all\n${playlist}`);
    await settle(fixture);
    expect(q('[data-testid="download-count"]')?.textContent?.trim()).toBe('2 URLs · 1 line is not a URL');
    postAnswer = () => ({
      success: true,
      message: 'Queued 1 of 3 lines; 2 not a video URL',
      queued: 1,
      acceptedIds: ['aaaaaaaaaaa'],
      alreadyActiveIds: [],
      jobId: null,
      video: { title: 'x', thumbnail: '', duration: 0 },
      videos: [],
      rejected: [
        { line: 2, input: 'not a url at all', reason: 'not a valid URL' },
        {
          line: 3,
          input: playlist,
          reason: 'a playlist URL, not a single video: follow the playlist on the Playlists page',
        },
      ],
      alreadyDownloaded: [],
    });
    void downloadForm().submit();
    await settle(fixture);
    expect(posts()[0]!.body).toEqual({
      urls: ['https://youtu.be/aaaaaaaaaaa', 'not a url at all', playlist],
      resolution: '720',
    });
    const rejected = q('[data-testid="download-rejected"]')!;
    expect(rejected.textContent).toContain('line 2 not a url at all: not a valid URL');
    expect(rejected.querySelector('a')?.getAttribute('href')).toBe('/playlists');
    expect(downloadForm().form.controls.urls.value).toBe(`not a url at all\n${playlist}`);
  });

  it('says a video is already downloaded and downloads it again only when asked, a lower resolution only by choice', async () => {
    postAnswer = () => ALREADY_DOWNLOADED;
    downloadForm().form.controls.resolution.setValue('360');
    typeUrls('https://youtu.be/aaaaaaaaaaa');
    void downloadForm().submit();
    await settle(fixture);
    expect(q('[data-testid="download-already-downloaded"]')?.textContent).toContain(
      '“First Clip” is already downloaded (720p, 2026-11-20): skipped.',
    );
    expect(q('[data-testid="download-again-lower"]')?.textContent?.trim()).toBe(
      'Download again and replace the 720p file with 360p',
    );
    // A plain download again at 360p would keep the 720p file: it is not offered.
    expect(q('[data-testid="download-again"]')).toBeNull();
    expect(q('[data-testid="download-again-note"]')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'The library has it at 720p, better than the 360p chosen: a new download would keep the better file, so downloading again only makes a difference when it replaces it.',
    );
    q<HTMLButtonElement>('[data-testid="download-again-lower"]')!.click();
    await settle(fixture);
    expect(posts()[1]!.body).toEqual({
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      resolution: '360',
      allowRedownload: true,
      allowLowerResolution: true,
    });
  });

  it('offers a plain Download again, and no note about replacing, when the chosen resolution is not lower', async () => {
    postAnswer = () => ALREADY_DOWNLOADED;
    downloadForm().form.controls.resolution.setValue('1080');
    typeUrls('https://youtu.be/aaaaaaaaaaa');
    void downloadForm().submit();
    await settle(fixture);
    expect(q('[data-testid="download-again-lower"]')).toBeNull();
    expect(q('[data-testid="download-again-note"]')).toBeNull();
    expect(q('[data-testid="download-already-downloaded"]')?.textContent).not.toContain('second button');
    q<HTMLButtonElement>('[data-testid="download-again"]')!.click();
    await settle(fixture);
    expect(posts()[1]!.body).toEqual({
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      resolution: '1080',
      allowRedownload: true,
    });
  });

  it('queues one URL as url', async () => {
    typeUrls('https://youtu.be/aaaaaaaaaaa');
    void downloadForm().submit();
    await settle(fixture);
    expect(posts()[0]!.body).toEqual({ url: 'https://youtu.be/aaaaaaaaaaa', resolution: '720' });
  });

  it('shows the server error, for example paused downloads', async () => {
    postAnswer = () => {
      throw new ApiError(409, 'Downloads are paused: only 1 GB free');
    };
    storage = { ...storage, paused: true, reason: 'only 1 GB free' };
    typeUrls('https://youtu.be/aaaaaaaaaaa');
    void downloadForm().submit();
    await settle(fixture);
    const message = q('[data-testid="download-message"]')!;
    expect(message.dataset['kind']).toBe('error');
    expect(message.textContent).toContain('Downloads are paused: only 1 GB free');
    expect(q('[data-testid="storage-banner"]')?.textContent).toContain('only 1 GB free');
  });

  it('refuses an empty form without calling the server', async () => {
    void downloadForm().submit();
    await settle(fixture);
    expect(posts()).toEqual([]);
    expect(q('[data-testid="download-message"]')?.textContent).toContain('Paste at least one video URL');
  });

  it('shows the queue and moves the progress bar on live messages', async () => {
    const row = () => q('[data-testid="queue-video"]')!;
    expect(row().dataset['state']).toBe('downloading');
    expect(row().textContent).toContain('First Clip');
    expect(row().textContent).toContain('2.0 MB/s');
    expect(row().textContent).toContain('1 min 30 s left');
    const bar = row().querySelector('mat-progress-bar')!;
    expect(bar.getAttribute('aria-label')).toBe('Progress of First Clip');
    expect(bar.getAttribute('aria-valuenow')).toBe('10');

    live.send({
      type: 'jobProgress',
      jobId: summary().id,
      sourceId: 'aaaaaaaaaaa',
      state: 'downloading',
      progress: {
        percent: 55,
        downloadedBytes: 550,
        totalBytes: 1000,
        speedBytesPerSecond: 1000,
        etaSeconds: 3,
        stage: 'video',
      },
      diagnosis: null,
    });
    await settle(fixture);
    expect(row().querySelector('mat-progress-bar')!.getAttribute('aria-valuenow')).toBe('55');
    expect(row().textContent).toContain('3 s left');

    live.send({
      type: 'jobProgress',
      jobId: summary().id,
      sourceId: 'aaaaaaaaaaa',
      state: 'processing',
      progress: null,
      diagnosis: null,
    });
    await settle(fixture);
    expect(row().dataset['state']).toBe('processing');
  });

  it('keeps a finished job with its outcome until dismissed', async () => {
    live.send({
      type: 'jobProgress',
      jobId: summary().id,
      sourceId: 'aaaaaaaaaaa',
      state: 'completed',
      progress: null,
      diagnosis: null,
    });
    live.send({
      type: 'jobUpdated',
      job: summary({ status: 'completed', finishedAt: '2025-01-01T00:01:00.000Z', message: '1 downloaded' }),
    });
    await settle(fixture);
    // The late detail answer (still "running") must not revive the job.
    expect(q('[data-testid="queue-job"]')!.dataset['status']).toBe('completed');
    expect(q('[data-testid="queue-video"]')!.dataset['state']).toBe('completed');
    expect(q('[data-testid="queue-cancel"]')).toBeNull();
    q<HTMLButtonElement>('[data-testid="queue-dismiss"]')!.click();
    await settle(fixture);
    expect(q('[data-testid="queue-video"]')).toBeNull();
    expect(q('[data-testid="queue-empty"]')).not.toBeNull();
  });

  it('cancels a job', async () => {
    postAnswer = () => ({
      success: true,
      message: 'Cancelled; nothing had been downloaded yet',
      job: summary({ status: 'cancelled' }),
    });
    q<HTMLButtonElement>('[data-testid="queue-cancel"]')!.click();
    await settle(fixture);
    expect(posts()[0]!.url).toBe(`/api/jobs/${summary().id}/cancel`);
    expect(q('[data-testid="queue-notice"]')?.textContent).toContain('Cancelled');
    expect(q('[data-testid="queue-job"]')!.dataset['status']).toBe('cancelled');
  });

  it('explains the failures of a finished job in the history', async () => {
    const failed = summary({
      id: '22222222-2222-4222-8222-222222222222',
      status: 'completed_with_errors',
      finishedAt: '2025-01-01T00:02:00.000Z',
      counts: jobCounts({ total: 2, completed: 1, failed: 1 }),
    });
    const diagnosis = {
      kind: 'private',
      cause: 'The video is private.',
      fix: 'Ask the owner for access.',
      sourceId: 'bbbbbbbbbbb',
      detail: null,
    } as const;
    api
      .on('GET', '/api/jobs', ({ query }) =>
        query?.['status'] === 'active'
          ? { jobs: [], total: 0, page: 1, pageSize: 200 }
          : { jobs: [failed], total: 1, page: 1, pageSize: 10 },
      )
      .on('GET', `/api/jobs/${failed.id}`, () =>
        jobDetail(failed, [jobVideo('bbbbbbbbbbb', { state: 'failed', title: 'Second Clip', diagnosis })]),
      );
    // A reconnection (the second ready) makes the queue and the history fetch again.
    live.connect();
    live.connect();
    await settle(fixture);
    const job = q('[data-testid="history-job"]')!;
    expect(job.querySelector('.badge')?.classList.contains('bad')).toBe(true);
    expect(job.querySelector('[data-testid="history-counts"]')?.textContent).toBe('1 of 2 downloaded · 1 failed');
    const toggle = job.querySelector<HTMLButtonElement>('[data-testid="history-toggle"]')!;
    toggle.click();
    await settle(fixture);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const failures = q('[data-testid="history-failures"]')!;
    expect(failures.id).toBe(toggle.getAttribute('aria-controls'));
    expect(failures.querySelector('[data-testid="history-cause"]')?.textContent).toBe('The video is private.');
    expect(failures.querySelector('[data-testid="history-fix"]')?.textContent).toBe('Ask the owner for access.');
    expect(failures.textContent).toContain('Second Clip');
  });

  it('links the advice to upload cookies to Settings → Cookies', async () => {
    const failed = summary({
      id: '33333333-3333-4333-8333-333333333333',
      status: 'failed',
      finishedAt: '2025-01-01T00:02:00.000Z',
      counts: jobCounts({ total: 1, failed: 1 }),
    });
    const diagnosis = {
      kind: 'bot_check',
      cause: 'The platform asked for proof that this is not a bot and refused the download.',
      fix: 'Export cookies from a browser where you are signed in and upload them under Settings → Cookies (uploading turns cookies on); waiting a few hours also helps.',
      sourceId: 'ccccccccccc',
      detail: null,
    } as const;
    api
      .on('GET', '/api/jobs', ({ query }) =>
        query?.['status'] === 'active'
          ? { jobs: [], total: 0, page: 1, pageSize: 200 }
          : { jobs: [failed], total: 1, page: 1, pageSize: 10 },
      )
      .on('GET', `/api/jobs/${failed.id}`, () =>
        jobDetail(failed, [jobVideo('ccccccccccc', { state: 'failed', title: 'Locked Clip', diagnosis })]),
      );
    live.connect();
    live.connect();
    await settle(fixture);
    q('[data-testid="history-toggle"]')!.click();
    await settle(fixture);
    const link = q<HTMLAnchorElement>('[data-testid="history-cookies-link"]')!;
    expect(link.textContent?.trim()).toBe('Open Settings → Cookies');
    expect(link.getAttribute('href')).toBe('/settings#cookies');
  });

  it('shows the automatic retries: a job waiting to try again, and the attempts in the history', async () => {
    const waiting = summary({
      id: '33333333-3333-4333-8333-333333333333',
      status: 'queued',
      startedAt: null,
      retryAt: '2025-01-01T10:00:30.000Z',
      message:
        '1 downloaded. Trying 1 video again automatically (attempt 2 of 3): The platform refused the download (HTTP 403 Forbidden); this is often temporary.',
      counts: jobCounts({ total: 2, completed: 1, queued: 1 }),
    });
    const forbidden = {
      kind: 'http_403',
      cause: 'The platform refused the download (HTTP 403 Forbidden); this is often temporary.',
      fix: 'Try again later.',
      sourceId: 'ccccccccccc',
      detail: 'ERROR: unable to download video data: HTTP Error 403: Forbidden',
    } as const;
    const record = {
      sourceId: 'ccccccccccc',
      kind: 'http_403',
      attempts: 2,
      maxAttempts: 3,
      lastError: forbidden.cause,
      detail: forbidden.detail,
      lastFailedAt: '2025-01-01T10:00:00.000Z',
      nextAttemptAt: null,
      outcome: 'succeeded',
    } as const;
    const done = summary({
      id: '44444444-4444-4444-8444-444444444444',
      status: 'completed_with_errors',
      finishedAt: '2025-01-01T10:02:00.000Z',
      counts: jobCounts({ total: 2, completed: 1, failed: 1 }),
    });
    api
      .on('GET', '/api/jobs', ({ query }) =>
        query?.['status'] === 'active'
          ? { jobs: [waiting], total: 1, page: 1, pageSize: 200 }
          : { jobs: [done], total: 1, page: 1, pageSize: 10 },
      )
      .on('GET', `/api/jobs/${waiting.id}`, () =>
        jobDetail(waiting, [jobVideo('ddddddddddd', { state: 'queued', title: 'Waits Again', diagnosis: forbidden })]),
      )
      .on('GET', `/api/jobs/${done.id}`, () => ({
        ...jobDetail(done, [
          jobVideo('ccccccccccc', { state: 'completed', title: 'Got There' }),
          jobVideo('eeeeeeeeeee', {
            state: 'failed',
            title: 'Never Got There',
            diagnosis: { ...forbidden, sourceId: 'eeeeeeeeeee' },
          }),
        ]),
        auxData: {
          failedVideos: [],
          diagnoses: [forbidden, { ...forbidden, sourceId: 'eeeeeeeeeee' }],
          skipCounts: { archived: 0, membersOnly: 0, upcoming: 0, filtered: 0 },
          terminatedChannels: [],
          autoRetries: [
            record,
            { ...record, sourceId: 'eeeeeeeeeee', attempts: 3, outcome: 'failed', nextAttemptAt: null },
          ],
        },
      }));
    live.connect();
    live.connect();
    await settle(fixture);
    const retryNote = dom(fixture).text('[data-testid="queue-job-retry"]');
    expect(retryNote).toMatch(/^Waiting to download again at \d\d:\d\d:\d\d after a passing failure\./);
    expect(retryNote).toContain('(attempt 2 of 3)');

    q<HTMLButtonElement>('[data-testid="history-toggle"]')!.click();
    await settle(fixture);
    const failures = dom(fixture).all('[data-testid="history-failure"]');
    expect(failures.map((f) => f.querySelector('[data-testid="history-retry"]')?.textContent)).toEqual([
      'Tried 3 times with automatic retries, then gave up.',
      'Downloaded on attempt 2 of 3, after this passing failure.',
    ]);
    expect(failures[1]!.querySelector('[data-testid="history-recovered"]')).not.toBeNull();
    expect(failures[1]!.querySelector('[data-testid="history-fix"]')).toBeNull();
  });
});
