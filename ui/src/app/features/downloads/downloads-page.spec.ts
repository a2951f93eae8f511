import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { Api, ApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { FakeLive, provideFakeLive } from '../../../testing/fake-live';
import type { JobDetail, JobSummary } from './api-types';
import { DownloadsPage } from './downloads-page';

const summary = (extra: Partial<JobSummary> = {}): JobSummary => ({
  id: '11111111-1111-4111-8111-111111111111',
  type: 'manual',
  label: 'Manual download: First Clip',
  status: 'running',
  options: {},
  counts: { total: 1, queued: 0, active: 1, completed: 0, failed: 0, skipped: 0, cancelled: 0 },
  message: null,
  errorCode: null,
  requestedBy: 'admin',
  createdAt: '2025-01-01T00:00:00.000Z',
  startedAt: '2025-01-01T00:00:01.000Z',
  finishedAt: null,
  ...extra,
});

const detail = (): JobDetail => ({
  ...summary(),
  auxData: null,
  videos: [
    {
      sourceId: 'aaaaaaaaaaa',
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      position: 0,
      state: 'downloading',
      title: 'First Clip',
      thumbnail: null,
      duration: 5,
      progress: {
        percent: 10,
        downloadedBytes: 100,
        totalBytes: 1000,
        speedBytesPerSecond: 2_000_000,
        etaSeconds: 90,
        stage: 'video',
      },
      diagnosis: null,
      videoId: null,
      startedAt: null,
      finishedAt: null,
    },
  ],
});

class FakeApi {
  posts: { url: string; body: unknown }[] = [];
  postAnswer: () => Promise<unknown> = async () => ({
    success: true,
    message: 'Queued 1 of 2 videos; 1 already queued or downloading',
    queued: 1,
    acceptedIds: ['aaaaaaaaaaa'],
    alreadyActiveIds: ['bbbbbbbbbbb'],
    jobId: null,
    video: { title: 'x', thumbnail: '', duration: 0 },
    videos: [],
  });
  storage = { paused: false, reason: null, freeBytes: 1e12, usedBytes: 0, minFreeBytes: null, maxUsedBytes: null };

  async get<T>(url: string, query?: Record<string, unknown>): Promise<T> {
    if (url === '/getconfig') return { preferredResolution: '720' } as T;
    if (url === '/api/channels/subfolders') return ['Music', 'News'] as T;
    if (url === '/api/downloader/storage') return this.storage as T;
    if (url === '/api/jobs' && query?.['status'] === 'active')
      return { jobs: [summary()], total: 1, page: 1, pageSize: 200 } as T;
    if (url === '/api/jobs') return { jobs: [], total: 0, page: 1, pageSize: 10 } as T;
    if (url.startsWith('/api/jobs/')) return detail() as T;
    throw new ApiError(404, `unexpected GET ${url}`);
  }

  async post<T>(url: string, body: unknown = {}): Promise<T> {
    this.posts.push({ url, body });
    return (await this.postAnswer()) as T;
  }
}

describe('DownloadsPage', () => {
  let api: FakeApi;
  let live: FakeLive;
  let fixture: ComponentFixture<DownloadsPage>;
  const el = () => fixture.nativeElement as HTMLElement;
  const q = <T extends Element = HTMLElement>(sel: string) => el().querySelector<T & Element>(sel);

  async function settle(): Promise<void> {
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 0));
      await fixture.whenStable();
    }
  }

  beforeEach(async () => {
    api = new FakeApi();
    TestBed.configureTestingModule({
      providers: [
        { provide: Api, useValue: api },
        provideFakeLive(),
        { provide: Auth, useValue: { token: signal('tok') } },
      ],
    });
    live = TestBed.inject(FakeLive);
    fixture = TestBed.createComponent(DownloadsPage);
    await settle();
  });

  function typeUrls(text: string): void {
    const area = q<HTMLTextAreaElement>('[data-testid="download-urls"]')!;
    area.value = text;
    area.dispatchEvent(new Event('input'));
  }

  it('uses the preferred resolution of the configuration', () => {
    expect(fixture.componentInstance.form.controls.resolution.value).toBe('720');
  });

  it('queues several URLs as urls and shows the answer', async () => {
    typeUrls('https://youtu.be/aaaaaaaaaaa\n\nhttps://youtu.be/bbbbbbbbbbb\n');
    q<HTMLButtonElement>('[data-testid="download-submit"]')!.click();
    await settle();
    expect(api.posts).toEqual([
      {
        url: '/api/videos/download',
        body: { urls: ['https://youtu.be/aaaaaaaaaaa', 'https://youtu.be/bbbbbbbbbbb'], resolution: '720' },
      },
    ]);
    const message = q('[data-testid="download-message"]')!;
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.textContent).toContain('Queued 1 of 2 videos');
    expect(message.textContent).toContain('bbbbbbbbbbb');
    expect(fixture.componentInstance.form.controls.urls.value).toBe('');
  });

  it('queues one URL as url', async () => {
    typeUrls('https://youtu.be/aaaaaaaaaaa');
    await fixture.componentInstance.submit();
    expect(api.posts[0]!.body).toEqual({ url: 'https://youtu.be/aaaaaaaaaaa', resolution: '720' });
  });

  it('shows the server error, for example paused downloads', async () => {
    api.postAnswer = async () => {
      throw new ApiError(409, 'Downloads are paused: only 1 GB free');
    };
    api.storage = { ...api.storage, paused: true, reason: 'only 1 GB free' } as never;
    typeUrls('https://youtu.be/aaaaaaaaaaa');
    await fixture.componentInstance.submit();
    await settle();
    const message = q('[data-testid="download-message"]')!;
    expect(message.dataset['kind']).toBe('error');
    expect(message.textContent).toContain('Downloads are paused: only 1 GB free');
    expect(q('[data-testid="storage-banner"]')?.textContent).toContain('only 1 GB free');
  });

  it('refuses an empty form without calling the server', async () => {
    await fixture.componentInstance.submit();
    await settle();
    expect(api.posts).toEqual([]);
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
    await settle();
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
    await settle();
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
    await settle();
    // The late detail answer (still "running") must not revive the job.
    expect(q('[data-testid="queue-job"]')!.dataset['status']).toBe('completed');
    expect(q('[data-testid="queue-video"]')!.dataset['state']).toBe('completed');
    expect(q('[data-testid="queue-cancel"]')).toBeNull();
    q<HTMLButtonElement>('[data-testid="queue-dismiss"]')!.click();
    await settle();
    expect(q('[data-testid="queue-video"]')).toBeNull();
    expect(q('[data-testid="queue-empty"]')).not.toBeNull();
  });

  it('cancels a job', async () => {
    api.postAnswer = async () => ({
      success: true,
      message: 'Cancelled; 0 video(s) downloaded before are kept',
      job: summary({ status: 'cancelled' }),
    });
    q<HTMLButtonElement>('[data-testid="queue-cancel"]')!.click();
    await settle();
    expect(api.posts[0]!.url).toBe(`/api/jobs/${summary().id}/cancel`);
    expect(q('[data-testid="queue-notice"]')?.textContent).toContain('Cancelled');
    expect(q('[data-testid="queue-job"]')!.dataset['status']).toBe('cancelled');
  });
});
