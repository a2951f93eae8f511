import { DownloaderErrorCodes, type Diagnosis, type JobStatus, type JobVideoState } from '@vidkeep/contracts';
import { diagnose, type Classified } from '../../ytdlp/failures.js';
import type { RunResult, StopReason } from '../../ytdlp/process.js';

/** What happens to the videos yt-dlp did not finish when it exits. */
export type ExitSettlement =
  { settle: 'failed' | 'cancelled'; diagnosis: Classified; cause?: string } | { settle: 'queued' };

export interface ExitContext {
  ytdlpPath: string;
  /** Whether that yt-dlp is older than the newest release (null: not known). */
  ytdlpOutdated?: boolean | null;
  inactivityMs: number;
  maxJobRuntimeHours: number;
}

/** The remaining videos after yt-dlp exited: why it stopped decides their state and diagnosis. */
export function exitSettlement(result: RunResult, ctx: ExitContext): ExitSettlement {
  if (result.spawnError) {
    const kind = result.spawnError === 'ENOENT' ? 'ytdlp_missing' : 'unknown';
    return { settle: 'failed', diagnosis: diagnose(kind, { binary: ctx.ytdlpPath, detail: result.spawnError }) };
  }
  switch (result.stoppedBy) {
    case 'cancelled':
      return { settle: 'cancelled', diagnosis: diagnose('cancelled') };
    case 'shutdown':
    case 'paused':
    case 'yielded':
      return { settle: 'queued' };
    case 'inactivity':
      return { settle: 'failed', diagnosis: diagnose('timeout', { seconds: Math.round(ctx.inactivityMs / 1000) }) };
    case 'runtime':
      return {
        settle: 'failed',
        diagnosis: {
          ...diagnose('timeout', { detail: 'absolute runtime cap (maxJobRuntimeHours) reached' }),
          cause: `The job ran longer than the ${ctx.maxJobRuntimeHours}-hour limit and was stopped`,
          fix: 'Queue the remaining videos again, or raise maxJobRuntimeHours in Settings (download-all jobs have no limit)',
        },
      };
    case null: {
      const detail =
        result.lastLines
          .filter((l) => !l.startsWith('[vidkeep:'))
          .slice(-3)
          .join(' | ') || `yt-dlp exited with code ${result.exitCode}`;
      return {
        settle: 'failed',
        diagnosis: diagnose('unknown', { detail, ytdlpOutdated: ctx.ytdlpOutdated }),
        cause: 'yt-dlp finished without producing a file for this video',
      };
    }
  }
}

export interface OutcomeInput {
  videos: readonly { state: JobVideoState; diagnosis: Diagnosis | null }[];
  stopRequested: StopReason | null;
  botCheck: boolean;
  /** Replaces the summary: why the job could not start. */
  message: string | null;
  /** Why a job that yielded its slot went back into the queue (another channel's turn, a cool-down). */
  yieldNote?: string | null;
  /** Videos queued again after a passing failure: the job waits for its retry instead of ending. */
  retrying?: { count: number; attempt: number; maxAttempts: number; cause: string } | null;
}

export interface JobOutcome {
  status: JobStatus;
  /** `DOWNLOAD_<KIND>` of a failed job (or of a bot check), else null. */
  errorCode: string | null;
  message: string;
  counts: { completed: number; failed: number; skipped: number };
}

/** Ends a sentence with exactly one full stop. */
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/**
 * Why the videos failed: one reason with what to do, or, when they failed for different reasons,
 * each reason once with how many it hit (each video's own diagnosis says what to do).
 */
function failuresText(videos: OutcomeInput['videos']): string | null {
  const byCause = new Map<string, { d: Diagnosis; n: number }>();
  for (const v of videos) {
    if (v.state !== 'failed' || !v.diagnosis) continue;
    const seen = byCause.get(v.diagnosis.cause);
    if (seen) seen.n += 1;
    else byCause.set(v.diagnosis.cause, { d: v.diagnosis, n: 1 });
  }
  const all = [...byCause.values()];
  if (all.length === 0) return null;
  if (all.length === 1) return `${sentence(all[0]!.d.cause)} ${all[0]!.d.fix}`;
  const listed = all.slice(0, 3).map(({ d, n }) => `${d.cause.replace(/[.!?]$/, '')} (${n})`);
  const more = all.length > 3 ? `; ${all.length - 3} more reasons` : '';
  return `${all.length} reasons: ${listed.join('; ')}${more}. Each video says what to do.`;
}

/** How a job ended, from its videos' final states. */
export function jobOutcome({
  videos,
  stopRequested,
  botCheck,
  message,
  retrying,
  yieldNote,
}: OutcomeInput): JobOutcome {
  const count = (s: JobVideoState) => videos.filter((v) => v.state === s).length;
  const completed = count('completed');
  const failed = count('failed');
  const skipped = count('skipped');
  const cancelled = count('cancelled');
  let status: JobStatus;
  const requeued = stopRequested === 'shutdown' || stopRequested === 'paused' || stopRequested === 'yielded';
  if (requeued && videos.some((v) => v.state === 'queued')) status = 'queued';
  else if (retrying && retrying.count > 0) status = 'queued';
  else if (stopRequested === 'cancelled') status = 'cancelled';
  else if (failed === 0) status = 'completed';
  else if (completed > 0) status = 'completed_with_errors';
  else status = 'failed';
  const errorCode = botCheck
    ? DownloaderErrorCodes.botCheck
    : status === 'failed'
      ? `DOWNLOAD_${videos.find((v) => v.diagnosis)?.diagnosis?.kind.toUpperCase() ?? 'UNKNOWN'}`
      : null;
  const parts = [`${completed} downloaded`];
  if (failed) parts.push(`${failed} failed`);
  if (skipped) parts.push(`${skipped} skipped`);
  if (cancelled) parts.push(`${cancelled} cancelled`);
  const why = failuresText(videos);
  const retryText = retrying
    ? `${parts.join(', ')}. Trying ${retrying.count} video${retrying.count === 1 ? '' : 's'} again automatically (attempt ${retrying.attempt} of ${retrying.maxAttempts}): ${sentence(retrying.cause)}`
    : null;
  const text =
    message ??
    (status === 'queued'
      ? (retryText ??
        (stopRequested === 'paused'
          ? `Paused after ${parts.join(', ')}; it resumes where it stopped`
          : stopRequested === 'yielded'
            ? `Back in the queue after ${parts.join(', ')}: ${yieldNote ?? 'another job goes first'}`
            : 'Paused by a server shutdown; resumes after restart'))
      : `${parts.join(', ')}${why ? `. ${why}` : ''}`);
  return { status, errorCode, message: text, counts: { completed, failed, skipped } };
}
