import type {
  DownloaderConfigSection,
  ToolUpdateCheckedPayload,
  ToolUpdateResponse,
  YtDlpCanaryReport,
} from '@vidkeep/contracts';
import { runToCompletion } from '../ytdlp/process.js';
import { compareVersions } from '../ytdlp/versions.js';
import type { PrivateYtDlp } from './private-ytdlp.js';
import type { CanaryResult } from './ytdlp-canary.js';

const VERSION_TIMEOUT_MS = 15_000;
const UPDATE_TIMEOUT_MS = 180_000;

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  missing: boolean;
}

/**
 * A tool process like every other (supervised: a `yt-dlp -U` never goes on replacing the binary
 * after the service died). A timeout stops it and counts as no exit code.
 */
async function run(binary: string, args: string[], timeout: number): Promise<RunResult> {
  const r = await runToCompletion(binary, args, {
    env: { ...process.env, PYTHONWARNINGS: 'ignore' },
    timeoutMs: timeout,
    maxOutputBytes: 1024 * 1024,
  });
  return {
    code: r.timedOut ? null : r.exitCode,
    stdout: r.stdout,
    stderr: r.stderr,
    missing: r.spawnError === 'ENOENT',
  };
}

/** What the nightly update's worker thread needs (it builds its own updater from it). */
export interface UpdateWorkerData {
  binary: string;
  method: UpdateMethod;
  privateDir: string;
  python: string;
  env: NodeJS.ProcessEnv;
  /** The settings downloads run with, for the canary's argument lists. */
  config: DownloaderConfigSection;
}

/** How "Update yt-dlp" goes: the private copy under CONFIG_DIR (pip), or a configured binary's own `-U`. */
export type UpdateMethod = 'private' | 'self';

export interface UpdaterDeps {
  binary: () => string;
  method: () => UpdateMethod;
  privateCopy: PrivateYtDlp;
  /** Checks a new yt-dlp before it is used (`runCanary` with the current settings). */
  canary: (binary: string) => Promise<CanaryResult>;
  /** Why a self-update must wait now (a download runs the binary `-U` would replace), or null. */
  busy?: () => string | null;
  /** Whether anything runs from a private release now (old releases are deleted only when not). */
  downloading?: () => boolean;
}

/** The words of the first failed canary step. */
function canaryProblem(report: YtDlpCanaryReport): string {
  const failed = report.steps.find((s) => s.outcome === 'failed');
  return failed ? `${failed.message} (check: ${failed.step})` : 'it failed the checks';
}

/**
 * Updates the downloader tool and explains the outcome in plain words. With no yt-dlp configured
 * (`ytdlpPath`, `YTDLP_PATH`) it installs the newest yt-dlp with pip into a new folder, checks
 * it (the canary) and only then uses it, keeping the one before for a rollback (`private`); a
 * configured binary runs its own self-update (`yt-dlp -U`). One update at a time; a second
 * request while one runs is answered `skipped`.
 */
export class YtDlpUpdater {
  private running = false;

  constructor(private readonly deps: UpdaterDeps) {}

  async version(): Promise<string | null> {
    const r = await run(this.deps.binary(), ['--version'], VERSION_TIMEOUT_MS);
    return r.code === 0 ? (r.stdout.trim().split('\n')[0] ?? null) : null;
  }

  /** Whether an update or a rollback runs now. */
  isRunning(): boolean {
    return this.running;
  }

  async update(): Promise<ToolUpdateResponse> {
    const method = this.deps.method();
    const wait = this.running
      ? 'An update is already running'
      : method === 'self'
        ? (this.deps.busy?.() ?? null)
        : null;
    if (wait) return { success: false, reason: 'skipped', message: wait, currentVersion: null };
    this.running = true;
    try {
      const result = method === 'private' ? await this.updatePrivate() : await this.updateSelf();
      await this.deps.privateCopy
        .recordAttempt({
          at: new Date().toISOString(),
          success: result.success,
          reason: result.reason,
          message: result.message,
          ...(result.canary ? { canary: result.canary } : {}),
        })
        .catch(() => undefined);
      return result;
    } finally {
      this.running = false;
    }
  }

  /** Returns to the previous private yt-dlp; null when there is none or an update runs. */
  async rollback(): Promise<{ version: string | null; rollbackVersion: string | null } | 'busy' | null> {
    if (this.running) return 'busy';
    this.running = true;
    try {
      return await this.deps.privateCopy.rollback();
    } finally {
      this.running = false;
    }
  }

  /**
   * pip installs the newest yt-dlp into a new release folder; the canary checks it; only a
   * release that passes is taken into use. Nothing changes for running or queued downloads.
   */
  private async updatePrivate(): Promise<ToolUpdateResponse> {
    const { privateCopy } = this.deps;
    const wasInstalled = privateCopy.installed();
    const before = wasInstalled ? await privateCopy.version() : await this.version();
    const base = { method: 'private' as const, currentVersion: before };
    const newest = await privateCopy.askNewest();
    const upToDate = (version: string | null) => ({
      ...base,
      success: true,
      reason: 'up-to-date' as const,
      message: `yt-dlp ${version} is up to date`,
    });
    const ahead = compareVersions(before, newest.version);
    if (wasInstalled && ahead !== null && ahead >= 0) return upToDate(before);
    const candidate = await privateCopy.install();
    if (!candidate.ok) return { ...base, success: false, reason: 'error', message: candidate.problem };
    if (wasInstalled && compareVersions(candidate.version, before) === 0) {
      await privateCopy.discard(candidate.release);
      return upToDate(before);
    }
    const { report } = await this.deps.canary(candidate.binary);
    if (!report.passed) {
      await privateCopy.discard(candidate.release);
      const kept = before ? `yt-dlp ${before} stays in use` : 'The yt-dlp in use stays in use';
      return {
        ...base,
        success: false,
        reason: 'error',
        message: `yt-dlp ${candidate.version} was installed but failed vidkeep's check, so it is not used: ${canaryProblem(report)}. ${kept}.`,
        canary: report,
      };
    }
    await privateCopy.promote(candidate.release);
    await privateCopy.prune(this.deps.downloading ?? (() => false)).catch(() => undefined);
    const where = wasInstalled
      ? `checked and used from now on (${before} is kept for a rollback)`
      : 'installed in CONFIG_DIR/yt-dlp, checked, and used from now on';
    return {
      ...base,
      success: true,
      reason: 'updated',
      message: `yt-dlp ${candidate.version} ${where}${candidate.note ? `. ${candidate.note}` : ''}`,
      newVersion: candidate.version,
      canary: report,
    };
  }

  /** A configured yt-dlp updates itself (`yt-dlp -U`); a packaged one cannot. */
  private async updateSelf(): Promise<ToolUpdateResponse> {
    const before = await run(this.deps.binary(), ['--version'], VERSION_TIMEOUT_MS);
    const base = { method: 'self' as const };
    if (before.missing) {
      return {
        ...base,
        success: false,
        reason: 'error',
        message: `yt-dlp was not found ("${this.deps.binary()}"). Install it (Debian: apt-get install yt-dlp) or set its path.`,
        currentVersion: null,
      };
    }
    const currentVersion = before.stdout.trim() || null;
    const result = await run(this.deps.binary(), ['-U'], UPDATE_TIMEOUT_MS);
    const output = `${result.stdout}\n${result.stderr}`;
    if (/up to date/i.test(output)) {
      return {
        ...base,
        success: true,
        reason: 'up-to-date',
        message: `yt-dlp ${currentVersion ?? ''} is up to date`.replace(/\s+/g, ' '),
        currentVersion,
      };
    }
    if (result.code === 0 && /updated yt-dlp to|updating to/i.test(output)) {
      const newVersion = (await this.version()) ?? undefined;
      // A self-update replaces the binary in place: the check runs afterwards and can only warn.
      const { report } = await this.deps.canary(this.deps.binary());
      return {
        ...base,
        success: report.passed,
        reason: report.passed ? 'updated' : 'error',
        message: report.passed
          ? `yt-dlp updated to ${newVersion ?? 'the latest version'}`
          : `yt-dlp updated itself to ${newVersion ?? 'a new version'}, which fails vidkeep's check: ${canaryProblem(report)}. Downloads may fail until it is fixed or replaced (a configured yt-dlp is updated in place, so there is nothing to go back to).`,
        currentVersion,
        newVersion,
        canary: report,
      };
    }
    if (/package manager|pip|installed .* with/i.test(output)) {
      return {
        ...base,
        success: false,
        reason: 'error',
        message:
          'This yt-dlp was installed by a package manager and cannot update itself: update it with that package manager (Debian: apt-get install --only-upgrade yt-dlp), or clear ytdlpPath / YTDLP_PATH so that vidkeep installs and updates its own copy.',
        currentVersion,
      };
    }
    const lastLine = output.trim().split('\n').filter(Boolean).pop() ?? 'no output';
    return {
      ...base,
      success: false,
      reason: 'error',
      message: `yt-dlp update failed: ${lastLine.slice(0, 300)}`,
      currentVersion,
    };
  }
}

/** The `downloader.tool.updateChecked` payload of an update's result; null for a skipped one (nothing ran). */
export function updateCheckedPayload(
  r: Pick<ToolUpdateResponse, 'reason' | 'message' | 'currentVersion' | 'newVersion'>,
  trigger: 'scheduled' | 'manual',
): ToolUpdateCheckedPayload | null {
  if (r.reason === 'skipped') return null;
  return {
    tool: 'yt-dlp',
    trigger,
    outcome: r.reason === 'error' ? 'failed' : r.reason,
    message: r.message,
    currentVersion: r.currentVersion ?? null,
    newVersion: r.newVersion ?? null,
  };
}
