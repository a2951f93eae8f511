import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { FakeLive, provideFakeLive } from '../../../testing/fake-live';
import { dom } from '../../../testing/dom';
import { jobCounts, jobDetail, jobSummary, jobVideo, queueState } from '../../../testing/fixtures/downloads';
import { settle } from '../../../testing/settle';
import type { JobSummary, QueueState } from './api-types';
import { ActiveQueue } from './active-queue';
import { queueCountsText } from './queue-bar';

const ID = '22222222-2222-4222-8222-222222222222';
const AUTO = '33333333-3333-4333-8333-333333333333';
const LATE = '44444444-4444-4444-8444-444444444444';

/** Pausing and resuming the queue and its jobs, moving a job to the front, the lanes. */
describe('Queue control', () => {
  let api: FakeApi;
  let live: FakeLive;
  let queue: QueueState;
  let jobs: Record<string, JobSummary>;
  let fixture: ComponentFixture<ActiveQueue>;
  const d = () => dom(fixture);
  const text = (id: string) => d().text(`[data-testid="${id}"]`).replace(/\s+/g, ' ').trim();
  const card = (id: string) => d().one(`[data-testid="queue-job"][data-job-id="${id}"]`)!;
  const inCard = (id: string, testId: string) => card(id).querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  const posts = () => api.calls.filter((c) => c.method === 'POST').map((c) => c.url);

  beforeEach(async () => {
    vi.useFakeTimers();
    queue = queueState({ running: 1, queued: 1 });
    jobs = {
      [ID]: jobSummary(ID, {
        label: 'Manual download: Mine',
        status: 'running',
        counts: jobCounts({ total: 1, active: 1 }),
      }),
      [AUTO]: jobSummary(AUTO, { label: 'Channel sweep', lane: 'automatic', createdAt: '2025-01-01T00:00:05.000Z' }),
    };
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
    const act = (change: (j: JobSummary) => JobSummary) => (call: { url: string }) => {
      const id = call.url.split('/')[3]!;
      jobs[id] = change(jobs[id]!);
      return jobs[id];
    };
    api
      .on('GET', '/api/queue', () => queue)
      .on('POST', '/api/queue/pause', () => (queue = { ...queue, paused: true }))
      .on('POST', '/api/queue/resume', () => (queue = { ...queue, paused: false }))
      .on('GET', '/api/jobs', () => ({ jobs: Object.values(jobs), total: 2, page: 1, pageSize: 200 }))
      .on('GET', /^\/api\/jobs\/[^/]+$/, (call) => jobDetail(jobs[call.url.split('/')[3]!]!, [jobVideo('aaaaaaaaaaa')]))
      .on(
        'POST',
        /^\/api\/jobs\/[^/]+\/pause$/,
        act((j) => ({ ...j, status: 'queued', paused: true })),
      )
      .on(
        'POST',
        /^\/api\/jobs\/[^/]+\/resume$/,
        act((j) => ({ ...j, paused: false })),
      )
      .on('POST', /\/move-to-front$/, (call) => {
        const job = jobs[call.url.split('/')[3]!]!;
        if (job.status !== 'queued')
          throw new ApiError(409, 'Only a queued job can be moved to the front', 'DOWNLOAD_JOB_NOT_ACTIVE');
        return (jobs[job.id] = { ...job, movedToFrontAt: '2025-01-02T00:00:00.000Z' });
      });
    fixture = TestBed.createComponent(ActiveQueue);
    await settle(fixture);
  });

  afterEach(() => vi.useRealTimers());

  it('pauses and resumes the whole queue, with the notice while paused', async () => {
    expect(text('queue-bar-state')).toBe('Queue running · 1 downloading · 1 waiting');
    expect(d().one('[data-testid="queue-paused-notice"]')).toBeNull();
    d().click('[data-testid="queue-pause"]');
    await settle(fixture);
    expect(posts()).toEqual(['/api/queue/pause']);
    expect(text('queue-bar-state')).toContain('Queue paused');
    expect(text('queue-paused-notice')).toBe(
      'Queue paused: no download starts until you resume it. Running downloads stopped and will continue where they stopped.',
    );
    d().click('[data-testid="queue-resume"]');
    await settle(fixture);
    expect(posts()).toEqual(['/api/queue/pause', '/api/queue/resume']);
    expect(text('queue-bar-state')).toContain('Queue running');
    expect(d().one('[data-testid="queue-paused-notice"]')).toBeNull();
  });

  it('follows the queue paused elsewhere (queueUpdated) and counts paused jobs on jobUpdated', async () => {
    queue = { ...queue, paused: true };
    live.send({ type: 'queueUpdated', paused: true });
    await settle(fixture);
    expect(d().one('[data-testid="queue-paused-notice"]')).not.toBeNull();
    expect(d().one('[data-testid="queue-resume"]')).not.toBeNull();

    queue = { ...queue, paused: false, running: 0, queued: 2, pausedJobs: 1 };
    jobs[ID] = { ...jobs[ID]!, status: 'queued', paused: true };
    live.send({ type: 'queueUpdated', paused: false });
    live.send({ type: 'jobUpdated', job: jobs[ID] });
    await settle(fixture, 500);
    expect(text('queue-bar-state')).toBe('Queue running · 2 waiting (1 paused)');
    expect(inCard(ID, 'queue-job-paused')?.textContent).toBe('Paused');
  });

  it('pauses a running job: it shows Paused beside its state, then resumes it', async () => {
    expect(inCard(ID, 'queue-job-paused')).toBeNull();
    inCard(ID, 'queue-job-pause')!.click();
    await settle(fixture);
    expect(posts()).toEqual([`/api/jobs/${ID}/pause`]);
    expect(card(ID).dataset['status']).toBe('queued');
    expect(inCard(ID, 'queue-job-paused')?.textContent).toBe('Paused');
    expect(inCard(ID, 'queue-job-pause')).toBeNull();

    inCard(ID, 'queue-job-resume')!.click();
    await settle(fixture);
    expect(posts()).toEqual([`/api/jobs/${ID}/pause`, `/api/jobs/${ID}/resume`]);
    expect(inCard(ID, 'queue-job-paused')).toBeNull();
    expect(inCard(ID, 'queue-job-pause')).not.toBeNull();
  });

  it('offers Move to front only while a job waits, and says it starts next', async () => {
    expect(inCard(ID, 'queue-job-front')).toBeNull();
    inCard(AUTO, 'queue-job-front')!.click();
    await settle(fixture);
    expect(posts()).toEqual([`/api/jobs/${AUTO}/move-to-front`]);
    expect(inCard(AUTO, 'queue-job-moved')?.textContent?.trim()).toBe('Moved to the front: it starts next.');
  });

  it('lists waiting jobs in the order they start: moved to the front, then asked for, then automatic', async () => {
    const order = () =>
      d()
        .all('[data-testid="queue-job"]')
        .map((el) => el.dataset['jobId']);
    jobs[LATE] = jobSummary(LATE, { label: 'Asked later', createdAt: '2025-01-01T00:01:00.000Z' });
    void fixture.componentInstance.refresh();
    await settle(fixture);
    expect(order()).toEqual([ID, LATE, AUTO]);
    inCard(AUTO, 'queue-job-front')!.click();
    await settle(fixture);
    expect(order()).toEqual([ID, AUTO, LATE]);
  });

  it('shows a refusal in the card of the job it concerns', async () => {
    // It started meanwhile; the page has not heard yet.
    jobs[AUTO] = { ...jobs[AUTO]!, status: 'running' };
    inCard(AUTO, 'queue-job-front')!.click();
    await settle(fixture);
    const alert = inCard(AUTO, 'queue-job-control-error')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent?.trim()).toBe('Not moved: Only a queued job can be moved to the front');
    expect(inCard(AUTO, 'queue-job-moved')).toBeNull();
    expect(inCard(ID, 'queue-job-control-error')).toBeNull();
  });

  it('says in words that automatic work waits behind requests', () => {
    expect(inCard(AUTO, 'queue-job-lane')?.textContent).toBe('Automatic');
    expect(inCard(AUTO, 'queue-job-lane-note')?.textContent?.trim()).toBe(
      'Automatic download: waits behind the downloads you asked for.',
    );
    expect(inCard(ID, 'queue-job-lane')).toBeNull();
  });

  it('names the queue counts', () => {
    expect(queueCountsText(queueState())).toBe('');
    expect(queueCountsText(queueState({ running: 2, queued: 3, pausedJobs: 3 }))).toBe(
      '2 downloading · 3 waiting (3 paused)',
    );
  });
});
