import type { ToolUpdateResponse } from '@vidkeep/contracts';
import { runToCompletion } from '../ytdlp/process.js';

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

/**
 * Runs the downloader tool's self-update (`yt-dlp -U`) and explains the outcome in plain words.
 * One update at a time; a second request while one runs is answered `skipped`.
 */
export class YtDlpUpdater {
  private running = false;

  constructor(private readonly binary: () => string) {}

  async version(): Promise<string | null> {
    const r = await run(this.binary(), ['--version'], VERSION_TIMEOUT_MS);
    return r.code === 0 ? (r.stdout.trim().split('\n')[0] ?? null) : null;
  }

  async update(): Promise<ToolUpdateResponse> {
    if (this.running) {
      return { success: false, reason: 'skipped', message: 'An update is already running', currentVersion: null };
    }
    this.running = true;
    try {
      const before = await run(this.binary(), ['--version'], VERSION_TIMEOUT_MS);
      if (before.missing) {
        return {
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
          success: true,
          reason: 'up-to-date',
          message: `yt-dlp ${currentVersion ?? ''} is up to date`.replace(/\s+/g, ' '),
          currentVersion,
        };
      }
      if (result.code === 0 && /updated yt-dlp to|updating to/i.test(output)) {
        const newVersion = (await this.version()) ?? undefined;
        return {
          success: true,
          reason: 'updated',
          message: `yt-dlp updated to ${newVersion ?? 'the latest version'}`,
          currentVersion,
          newVersion,
        };
      }
      if (/package manager|pip|installed .* with/i.test(output)) {
        return {
          success: false,
          reason: 'error',
          message:
            'This yt-dlp was installed by a package manager and cannot update itself; update it with that package manager (Debian: apt-get install --only-upgrade yt-dlp).',
          currentVersion,
        };
      }
      const lastLine = output.trim().split('\n').filter(Boolean).pop() ?? 'no output';
      return {
        success: false,
        reason: 'error',
        message: `yt-dlp update failed: ${lastLine.slice(0, 300)}`,
        currentVersion,
      };
    } finally {
      this.running = false;
    }
  }
}
