import { jobVideo } from '../../../testing/fixtures/downloads';
import type { Diagnosis, JobVideo } from './api-types';
import { advisesCookies, explainFailures, hasProblems, retryText } from './diagnoses';

const diag = (extra: Partial<Diagnosis> = {}): Diagnosis => ({
  kind: 'private',
  cause: 'The video is private.',
  fix: 'Ask the owner for access or sign in with cookies.',
  sourceId: 'aaaaaaaaaaa',
  detail: 'ERROR: Private video',
  ...extra,
});

/** A failed video of a job, with a title. */
const video = (sourceId: string, extra: Partial<JobVideo> = {}): JobVideo =>
  jobVideo(sourceId, { url: '', state: 'failed', title: `Title ${sourceId}`, ...extra });

describe('explainFailures', () => {
  it('lists video diagnoses with titles and skips duplicates from auxData', () => {
    const d = diag();
    const r = explainFailures({
      videos: [video('aaaaaaaaaaa', { diagnosis: d }), video('bbbbbbbbbbb', { state: 'completed' })],
      auxData: {
        failedVideos: [],
        diagnoses: [d],
        skipCounts: { archived: 0, membersOnly: 0, upcoming: 0, filtered: 0 },
        terminatedChannels: [],
      },
    });
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ video: 'Title aaaaaaaaaaa', cause: d.cause, fix: d.fix, skipped: false });
  });

  it('adds job-level diagnoses and marks skips', () => {
    const r = explainFailures({
      videos: [
        video('ccccccccccc', {
          state: 'skipped',
          diagnosis: diag({ kind: 'members_only', sourceId: 'ccccccccccc', cause: 'Members only.' }),
        }),
      ],
      auxData: {
        failedVideos: [],
        diagnoses: [
          diag({ kind: 'ytdlp_missing', sourceId: null, cause: 'yt-dlp is missing.', fix: 'Install yt-dlp.' }),
        ],
        skipCounts: { archived: 0, membersOnly: 1, upcoming: 0, filtered: 0 },
        terminatedChannels: [],
      },
    });
    expect(r.map((f) => [f.video, f.kind, f.skipped])).toEqual([
      ['Title ccccccccccc', 'members_only', true],
      [null, 'ytdlp_missing', false],
    ]);
  });

  it('returns nothing without diagnoses', () => {
    expect(explainFailures({ videos: [video('a', { state: 'completed' })], auxData: null })).toEqual([]);
  });
});

describe('hasProblems', () => {
  const counts = { failed: 0, skipped: 0, cancelled: 0 };
  it('is false only for a clean completed job', () => {
    expect(hasProblems({ status: 'completed', counts })).toBe(false);
    expect(hasProblems({ status: 'completed', counts: { ...counts, skipped: 1 } })).toBe(true);
    expect(hasProblems({ status: 'failed', counts })).toBe(true);
  });
});

describe('advisesCookies', () => {
  it('is true for the fixes that send the user to Settings → Cookies', () => {
    expect(
      advisesCookies(
        'Export cookies from a browser where you are signed in and upload them under Settings → Cookies (uploading turns cookies on); waiting a few hours also helps.',
      ),
    ).toBe(true);
    expect(advisesCookies('Wait an hour or so before downloading more.')).toBe(false);
  });
});

describe('retryText', () => {
  const base = {
    sourceId: 'aaaaaaaaaaa',
    kind: 'http_403',
    attempts: 1,
    maxAttempts: 3,
    lastError: 'Refused.',
    detail: null,
    lastFailedAt: '2025-01-01T10:00:00.000Z',
    nextAttemptAt: null,
  } as const;

  it('says what the automatic retries did', () => {
    expect(retryText({ ...base, outcome: 'waiting', nextAttemptAt: '2025-01-01T10:00:30.000Z' })).toMatch(
      /^Tried once; downloading again automatically at \d\d:\d\d:\d\d \(attempt 2 of 3\)\.$/,
    );
    expect(retryText({ ...base, attempts: 2, outcome: 'succeeded' })).toBe(
      'Downloaded on attempt 2 of 3, after this passing failure.',
    );
    expect(retryText({ ...base, attempts: 3, outcome: 'failed' })).toBe(
      'Tried 3 times with automatic retries, then gave up.',
    );
    expect(retryText({ ...base, kind: 'private', attempts: 2, outcome: 'failed' })).toBe(
      'Tried twice; the last attempt failed for a reason a retry cannot fix.',
    );
    expect(retryText({ ...base, outcome: 'cancelled' })).toBe(
      'Tried once; the retries stopped when the job was cancelled.',
    );
    // A job that ended (interrupted by a crash) while a retry waited.
    expect(retryText({ ...base, outcome: 'waiting' }, false)).toBe(
      'Tried once; the retries stopped when the job ended.',
    );
  });
});
