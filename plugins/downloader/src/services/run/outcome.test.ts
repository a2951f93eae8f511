import type { Diagnosis, JobVideoState } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { diagnose, toDiagnosis } from '../../ytdlp/failures.js';
import type { RunResult, StopReason } from '../../ytdlp/process.js';
import { exitSettlement, jobOutcome, type JobOutcome } from './outcome.js';

const PRIVATE = toDiagnosis(diagnose('private', { sourceId: 'a' }));
const REMOVED = toDiagnosis(diagnose('removed', { sourceId: 'b' }));
const MEMBERS = toDiagnosis(diagnose('members_only', { sourceId: 'c' }));
const failure = (d: Diagnosis) => `${d.cause.replace(/[^.!?]$/, '$&.')} ${d.fix}`;

type Video = { state: JobVideoState; diagnosis: Diagnosis | null };
const ok: Video = { state: 'completed', diagnosis: null };
const failed = (d: Diagnosis): Video => ({ state: 'failed', diagnosis: d });

describe('jobOutcome', () => {
  it.each<[string, Video[], StopReason | null, boolean, Omit<JobOutcome, 'counts'>]>([
    [
      'every video downloaded',
      [ok, ok],
      null,
      false,
      { status: 'completed', errorCode: null, message: '2 downloaded' },
    ],
    ['no videos at all', [], null, false, { status: 'completed', errorCode: null, message: '0 downloaded' }],
    [
      'skips are not failures',
      [ok, { state: 'skipped', diagnosis: MEMBERS }],
      null,
      false,
      { status: 'completed', errorCode: null, message: '1 downloaded, 1 skipped' },
    ],
    [
      'some failed for one reason: it explains, with what to do',
      [ok, failed(PRIVATE), failed({ ...PRIVATE, sourceId: 'x' })],
      null,
      false,
      {
        status: 'completed_with_errors',
        errorCode: null,
        message: `1 downloaded, 2 failed. ${failure(PRIVATE)}`,
      },
    ],
    [
      'some failed for different reasons: each reason once, with how many it hit',
      [ok, failed(PRIVATE), failed(REMOVED), failed({ ...PRIVATE, sourceId: 'x' })],
      null,
      false,
      {
        status: 'completed_with_errors',
        errorCode: null,
        message: `1 downloaded, 3 failed. 2 reasons: ${PRIVATE.cause.replace(/[.!?]$/, '')} (2); ${REMOVED.cause.replace(/[.!?]$/, '')} (1). Each video says what to do.`,
      },
    ],
    [
      'all failed: the first diagnosis is the error code',
      [{ state: 'skipped', diagnosis: MEMBERS }, failed(REMOVED)],
      null,
      false,
      {
        status: 'failed',
        errorCode: 'DOWNLOAD_MEMBERS_ONLY',
        message: `0 downloaded, 1 failed, 1 skipped. ${failure(REMOVED)}`,
      },
    ],
    [
      'failed without a diagnosis',
      [{ state: 'failed', diagnosis: null }],
      null,
      false,
      { status: 'failed', errorCode: 'DOWNLOAD_UNKNOWN', message: '0 downloaded, 1 failed' },
    ],
    [
      'a bot check marks even a partly successful job',
      [ok, failed(PRIVATE)],
      null,
      true,
      {
        status: 'completed_with_errors',
        errorCode: 'DOWNLOAD_BOT_CHECK',
        message: `1 downloaded, 1 failed. ${failure(PRIVATE)}`,
      },
    ],
    [
      'cancelled',
      [ok, { state: 'cancelled', diagnosis: null }],
      'cancelled',
      false,
      { status: 'cancelled', errorCode: null, message: '1 downloaded, 1 cancelled' },
    ],
    [
      'a shutdown queues the job again',
      [ok, { state: 'queued', diagnosis: null }],
      'shutdown',
      false,
      { status: 'queued', errorCode: null, message: 'Paused by a server shutdown; resumes after restart' },
    ],
    [
      'a shutdown after the last video finished ends the job',
      [ok],
      'shutdown',
      false,
      { status: 'completed', errorCode: null, message: '1 downloaded' },
    ],
    [
      'a timeout is a failure like any other',
      [failed(REMOVED)],
      'inactivity',
      false,
      { status: 'failed', errorCode: 'DOWNLOAD_REMOVED', message: `0 downloaded, 1 failed. ${failure(REMOVED)}` },
    ],
  ])('%s', (_name, videos, stopRequested, botCheck, expected) => {
    expect(jobOutcome({ videos, stopRequested, botCheck, message: null })).toMatchObject(expected);
  });

  it('counts completed, failed and skipped videos', () => {
    const videos: Video[] = [ok, failed(PRIVATE), { state: 'skipped', diagnosis: MEMBERS }, ok];
    expect(jobOutcome({ videos, stopRequested: null, botCheck: false, message: null }).counts).toEqual({
      completed: 2,
      failed: 1,
      skipped: 1,
    });
  });

  it('a job that could not start says why instead of counting', () => {
    const out = jobOutcome({ videos: [failed(PRIVATE)], stopRequested: null, botCheck: false, message: 'Bad args' });
    expect(out).toMatchObject({ status: 'failed', errorCode: 'DOWNLOAD_PRIVATE', message: 'Bad args' });
  });
});

describe('exitSettlement', () => {
  const CTX = { ytdlpPath: '/usr/bin/yt-dlp', inactivityMs: 120_000, maxJobRuntimeHours: 6 };
  const result = (r: Partial<RunResult>): RunResult => ({
    exitCode: 0,
    signal: null,
    stoppedBy: null,
    spawnError: null,
    lastLines: [],
    ...r,
  });

  it.each<[string, Partial<RunResult>, { settle: string; kind?: string; detail?: string | null; cause?: string }]>([
    [
      'yt-dlp is not installed',
      { spawnError: 'ENOENT', exitCode: null },
      { settle: 'failed', kind: 'ytdlp_missing', detail: 'ENOENT' },
    ],
    [
      'yt-dlp cannot start',
      { spawnError: 'EACCES', exitCode: null },
      { settle: 'failed', kind: 'unknown', detail: 'EACCES' },
    ],
    ['cancelled', { stoppedBy: 'cancelled' }, { settle: 'cancelled', kind: 'cancelled' }],
    ['shutdown', { stoppedBy: 'shutdown' }, { settle: 'queued' }],
    ['quiet too long', { stoppedBy: 'inactivity' }, { settle: 'failed', kind: 'timeout' }],
    [
      'ran too long',
      { stoppedBy: 'runtime' },
      {
        settle: 'failed',
        kind: 'timeout',
        detail: 'absolute runtime cap (maxJobRuntimeHours) reached',
        cause: 'The job ran longer than the 6-hour limit and was stopped',
      },
    ],
    [
      'exited without a file: its last lines explain',
      { exitCode: 1, lastLines: ['a', '[vidkeep:done] x y', 'b', 'c', 'd'] },
      {
        settle: 'failed',
        kind: 'unknown',
        detail: 'b | c | d',
        cause: 'yt-dlp finished without producing a file for this video',
      },
    ],
    [
      'exited silently',
      { exitCode: 2 },
      {
        settle: 'failed',
        kind: 'unknown',
        detail: 'yt-dlp exited with code 2',
        cause: 'yt-dlp finished without producing a file for this video',
      },
    ],
  ])('%s', (_name, r, expected) => {
    const out = exitSettlement(result(r), CTX);
    const seen =
      'diagnosis' in out
        ? {
            settle: out.settle,
            kind: out.diagnosis.kind,
            detail: out.diagnosis.detail,
            cause: out.cause ?? out.diagnosis.cause,
          }
        : out;
    expect(seen).toMatchObject(expected);
  });

  it('names the timeout in seconds', () => {
    const out = exitSettlement(result({ stoppedBy: 'inactivity' }), CTX);
    expect(out.settle === 'failed' && out.diagnosis.cause).toContain('no output for 2 minutes');
  });
});
