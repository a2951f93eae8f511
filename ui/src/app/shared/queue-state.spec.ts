import { jobDetail, jobProgressMessage, jobSummary, jobVideo } from '../../testing/fixtures/downloads';
import type { JobDetail, JobVideo } from '@vidkeep/contracts';
import {
  applyProgress,
  applySummary,
  isActiveStatus,
  progressText,
  progressView,
  sortQueue,
  upsertDetail,
} from './queue-state';

const detail = (
  id: string,
  extra: Partial<JobDetail> = {},
  videos: JobVideo[] = [jobVideo('aaaaaaaaaaa')],
): JobDetail => ({
  ...jobDetail(jobSummary(id, extra), videos),
  ...extra,
});

describe('queue state', () => {
  it('recognises active statuses', () => {
    expect(isActiveStatus('queued')).toBe(true);
    expect(isActiveStatus('running')).toBe(true);
    expect(isActiveStatus('completed_with_errors')).toBe(false);
  });

  it('sorts running jobs first, then the oldest queued, then the latest finished', () => {
    const jobs = [
      detail('done-early', { status: 'completed', finishedAt: '2025-01-01T00:01:00.000Z' }),
      detail('new', { createdAt: '2025-01-03T00:00:00.000Z' }),
      detail('done-late', { status: 'failed', finishedAt: '2025-01-01T00:02:00.000Z' }),
      detail('old', { createdAt: '2025-01-01T00:00:00.000Z' }),
      detail('run', { status: 'running', createdAt: '2025-01-02T00:00:00.000Z' }),
    ];
    expect(sortQueue(jobs).map((j) => j.id)).toEqual(['run', 'old', 'new', 'done-late', 'done-early']);
  });

  it('puts what people asked for before automatic work that waits, as the server starts them', () => {
    const jobs = [
      detail('sweep', { lane: 'automatic', createdAt: '2025-01-01T00:00:00.000Z' }),
      detail('asked', { createdAt: '2025-01-02T00:00:00.000Z' }),
      detail('running-sweep', { status: 'running', lane: 'automatic', createdAt: '2025-01-03T00:00:00.000Z' }),
    ];
    expect(sortQueue(jobs).map((j) => j.id)).toEqual(['running-sweep', 'asked', 'sweep']);
  });

  it('puts an automatic job that gave its turn to another channel behind it, as the server starts them', () => {
    const jobs = [
      detail('backlog', {
        lane: 'automatic',
        createdAt: '2025-01-01T00:00:00.000Z',
        queuedAt: '2025-01-03T00:00:00.000Z',
      }),
      detail('other-channel', { lane: 'automatic', createdAt: '2025-01-02T00:00:00.000Z' }),
    ];
    expect(sortQueue(jobs).map((j) => j.id)).toEqual(['other-channel', 'backlog']);
  });

  it('starts jobs moved to the front first, the latest moved first, as the server does', () => {
    const jobs = [
      detail('asked-old', { createdAt: '2025-01-01T00:00:00.000Z' }),
      detail('sweep-moved-early', {
        lane: 'automatic',
        createdAt: '2025-01-03T00:00:00.000Z',
        movedToFrontAt: '2025-01-04T00:00:00.000Z',
      }),
      detail('sweep', { lane: 'automatic', createdAt: '2025-01-01T00:00:00.000Z' }),
      detail('asked-moved-late', { createdAt: '2025-01-02T00:00:00.000Z', movedToFrontAt: '2025-01-05T00:00:00.000Z' }),
      detail('asked-new', { createdAt: '2025-01-02T00:00:00.000Z' }),
      detail('running', { status: 'running', createdAt: '2025-01-06T00:00:00.000Z' }),
      detail('done', { status: 'completed', finishedAt: '2025-01-06T00:00:00.000Z' }),
    ];
    expect(sortQueue(jobs).map((j) => j.id)).toEqual([
      'running',
      'asked-moved-late',
      'sweep-moved-early',
      'asked-old',
      'asked-new',
      'sweep',
      'done',
    ]);
  });

  it('puts a job moved to the front in its place when its summary arrives', () => {
    const jobs = [
      detail('first', { createdAt: '2025-01-01T00:00:00.000Z' }),
      detail('second', { createdAt: '2025-01-02T00:00:00.000Z' }),
    ];
    const moved = jobSummary('second', {
      createdAt: '2025-01-02T00:00:00.000Z',
      movedToFrontAt: '2025-01-03T00:00:00.000Z',
    });
    expect(applySummary(jobs, moved).jobs.map((j) => j.id)).toEqual(['second', 'first']);
  });

  it('applies progress to the matching video', () => {
    const jobs = [detail('j1'), detail('j2')];
    const r = applyProgress(jobs, jobProgressMessage());
    expect(r.known).toBe(true);
    expect(r.jobs[0]!.videos[0]!.state).toBe('downloading');
    expect(r.jobs[0]!.videos[0]!.progress?.percent).toBe(42);
    expect(r.jobs[1]).toBe(jobs[1]);
    expect(jobs[0]!.videos[0]!.state).toBe('queued');
  });

  it('keeps the last progress when a message carries none', () => {
    const first = applyProgress([detail('j1')], jobProgressMessage()).jobs;
    const r = applyProgress(first, jobProgressMessage({ state: 'processing', progress: null }));
    expect(r.jobs[0]!.videos[0]!.state).toBe('processing');
    expect(r.jobs[0]!.videos[0]!.progress?.percent).toBe(42);
  });

  it('reports progress of an unknown job or video', () => {
    expect(applyProgress([detail('j1')], jobProgressMessage({ jobId: 'other' })).known).toBe(false);
    expect(applyProgress([detail('j1')], jobProgressMessage({ sourceId: 'bbbbbbbbbbb' })).known).toBe(false);
  });

  it('updates a known job summary and keeps its videos', () => {
    const r = applySummary([detail('j1')], jobSummary('j1', { status: 'running', label: 'Renamed' }));
    expect(r).toMatchObject({ unknown: false, finished: false });
    expect(r.jobs[0]!.label).toBe('Renamed');
    expect(r.jobs[0]!.videos.length).toBe(1);
  });

  it('reports a job that is not in the list as unknown', () => {
    expect(applySummary([detail('j1')], jobSummary('j2'))).toMatchObject({ unknown: true, finished: false });
    expect(applySummary([detail('j1')], jobSummary('j2', { status: 'completed' }))).toMatchObject({
      unknown: true,
      finished: true,
    });
  });

  it('keeps a job that finished, with its final status, after the active ones', () => {
    const r = applySummary(
      [detail('j1'), detail('j2')],
      jobSummary('j1', { status: 'completed', finishedAt: '2025-01-01T00:05:00.000Z' }),
    );
    expect(r).toMatchObject({ unknown: false, finished: true });
    expect(r.jobs.map((j) => [j.id, j.status])).toEqual([
      ['j2', 'queued'],
      ['j1', 'completed'],
    ]);
    expect(r.jobs[1]!.videos.length).toBe(1);
  });

  it('upserts details in queue order', () => {
    expect(upsertDetail([detail('j1')], detail('j2', { status: 'running' })).map((j) => j.id)).toEqual(['j2', 'j1']);
    expect(upsertDetail([detail('j1')], detail('j1', { status: 'cancelled' })).map((j) => j.status)).toEqual([
      'cancelled',
    ]);
  });
});

describe('progressView', () => {
  const progress = jobProgressMessage().progress;

  it('shows waiting videos empty', () => {
    expect(progressView({ state: 'queued', progress: null })).toEqual({
      percent: 0,
      mode: 'determinate',
      stage: 'waiting',
    });
  });

  it('shows download percent and stage', () => {
    expect(progressView({ state: 'downloading', progress })).toEqual({
      percent: 42,
      mode: 'determinate',
      stage: 'downloading video',
    });
    expect(progressView({ state: 'downloading', progress: null })).toEqual({
      percent: 0,
      mode: 'determinate',
      stage: 'starting',
    });
  });

  it('shows merging and processing as indeterminate', () => {
    expect(progressView({ state: 'downloading', progress: { ...progress!, stage: 'merging' } }).mode).toBe(
      'indeterminate',
    );
    expect(progressView({ state: 'processing', progress })).toEqual({
      percent: 100,
      mode: 'indeterminate',
      stage: 'processing',
    });
  });

  it('shows completed videos full', () => {
    expect(progressView({ state: 'completed', progress: null })).toEqual({
      percent: 100,
      mode: 'determinate',
      stage: 'done',
    });
  });

  it('clamps percent', () => {
    expect(progressView({ state: 'downloading', progress: { ...progress!, percent: 130 } }).percent).toBe(100);
  });
});

describe('progressText', () => {
  const progress = {
    percent: 42.34,
    downloadedBytes: 12_000_000,
    totalBytes: 30_000_000,
    speedBytesPerSecond: 1_500_000,
    etaSeconds: 12,
    stage: 'video',
  };

  it('shows percent, sizes, speed and time left', () => {
    expect(progressText({ state: 'downloading', progress })).toBe('42.3 % · 12 MB of 30 MB · 1.5 MB/s · 12 s left');
  });

  it('leaves out what is unknown', () => {
    expect(
      progressText({
        state: 'downloading',
        progress: { ...progress, totalBytes: null, speedBytesPerSecond: null, etaSeconds: null },
      }),
    ).toBe('42.3 % · 12 MB');
  });

  it('says a download receives nothing, without the stale speed and ETA, and what yt-dlp does meanwhile', () => {
    expect(
      progressText({
        state: 'downloading',
        progress: {
          ...progress,
          speedBytesPerSecond: null,
          etaSeconds: null,
          stalledSeconds: 95,
          activity: 'retrying after the connection timed out, attempt 2 of 10',
        },
      }),
    ).toBe(
      '42.3 % · 12 MB of 30 MB · no data for 1 min 35 s · retrying after the connection timed out, attempt 2 of 10',
    );
  });

  it('says nothing outside a download', () => {
    expect(progressText({ state: 'queued', progress: null })).toBe('');
    expect(progressText({ state: 'processing', progress })).toBe('');
    expect(progressText({ state: 'downloading', progress: { ...progress, stage: 'merging' } })).toBe('');
  });
});
