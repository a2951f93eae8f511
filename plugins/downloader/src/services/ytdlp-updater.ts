import type { ToolUpdateCheckedPayload, ToolUpdateResponse } from '@vidkeep/contracts';
import { runToCompletion } from '../ytdlp/process.js';
import type { PrivateYtDlp } from './private-ytdlp.js';

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
}

/** How "Update yt-dlp" goes: the private copy under CONFIG_DIR (pip), or a configured binary's own `-U`. */
export type UpdateMethod = 'private' | 'self';

/**
 * Updates the downloader tool and explains the outcome in plain words. With no yt-dlp configured
 * (`ytdlpPath`, `YTDLP_PATH`) it installs or upgrades the private copy with pip (`private`);
 * a configured binary runs its own self-update (`yt-dlp -U`). One update at a time; a second
 * request while one runs is answered `skipped`.
 */
export class YtDlpUpdater {
  private running = false;

  constructor(
    private readonly binary: () => string,
    private readonly method: () => UpdateMethod,
    private readonly privateCopy: PrivateYtDlp,
    /** Why an update must wait now (e.g. a download runs the binary pip would replace), or null. */
    private readonly busy: () => string | null = () => null,
  ) {}

  async version(): Promise<string | null> {
    const r = await run(this.binary(), ['--version'], VERSION_TIMEOUT_MS);
    return r.code === 0 ? (r.stdout.trim().split('\n')[0] ?? null) : null;
  }

  async update(): Promise<ToolUpdateResponse> {
    const wait = this.running ? 'An update is already running' : this.busy();
    if (wait) return { success: false, reason: 'skipped', message: wait, currentVersion: null };
    this.running = true;
    try {
      const result = this.method() === 'private' ? await this.updatePrivate() : await this.updateSelf();
      await this.privateCopy
        .recordAttempt({
          at: new Date().toISOString(),
          success: result.success,
          reason: result.reason,
          message: result.message,
        })
        .catch(() => undefined);
      return result;
    } finally {
      this.running = false;
    }
  }

  /** pip installs yt-dlp into the private environment, or upgrades it there. */
  private async updatePrivate(): Promise<ToolUpdateResponse> {
    const before = this.privateCopy.installed() ? await this.privateCopy.version() : await this.version();
    const wasInstalled = this.privateCopy.installed();
    const r = await this.privateCopy.installOrUpgrade();
    const base = { method: 'private' as const, currentVersion: before };
    if (!r.ok)
      return { ...base, success: false, reason: 'error', message: r.problem ?? 'yt-dlp could not be installed' };
    if (wasInstalled && r.version === before) {
      return { ...base, success: true, reason: 'up-to-date', message: `yt-dlp ${r.version} is up to date` };
    }
    const where = wasInstalled ? 'updated' : 'installed in CONFIG_DIR/yt-dlp and used from now on';
    return {
      ...base,
      success: true,
      reason: 'updated',
      message: `yt-dlp ${r.version} ${where}`,
      newVersion: r.version ?? undefined,
    };
  }

  /** A configured yt-dlp updates itself (`yt-dlp -U`); a packaged one cannot. */
  private async updateSelf(): Promise<ToolUpdateResponse> {
    const before = await run(this.binary(), ['--version'], VERSION_TIMEOUT_MS);
    const base = { method: 'self' as const };
    if (before.missing) {
      return {
        ...base,
        success: false,
        reason: 'error',
        message: `yt-dlp was not found ("${this.binary()}"). Install it (Debian: apt-get install yt-dlp) or set its path.`,
        currentVersion: null,
      };
    }
    const currentVersion = before.stdout.trim() || null;
    const result = await run(this.binary(), ['-U'], UPDATE_TIMEOUT_MS);
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
      return {
        ...base,
        success: true,
        reason: 'updated',
        message: `yt-dlp updated to ${newVersion ?? 'the latest version'}`,
        currentVersion,
        newVersion,
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
