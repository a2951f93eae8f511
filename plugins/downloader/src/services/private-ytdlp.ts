import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { YtDlpUpdateAttempt } from '@vidkeep/contracts';
import { runToCompletion } from '../ytdlp/process.js';

const VENV_TIMEOUT_MS = 120_000;
const PIP_TIMEOUT_MS = 300_000;
const VERSION_TIMEOUT_MS = 15_000;

/** What one pip run did, in words a user can act on. */
export interface PrivateInstallResult {
  ok: boolean;
  /** The installed version after the run (null when none is installed). */
  version: string | null;
  /** Set when `ok` is false: what went wrong and what to do. */
  problem?: string;
}

/** Plain words for the failures of `python -m venv` and `pip install`. */
function explain(stage: 'python' | 'venv' | 'pip', output: string, python: string): string {
  const last = output.trim().split('\n').filter(Boolean).pop()?.slice(0, 300) ?? 'no output';
  if (stage === 'python') {
    return `Python 3 was not found ("${python}"). Install it (Debian: apt-get install python3 python3-venv) or set pythonPath in Settings.`;
  }
  if (stage === 'venv') {
    if (/ensurepip|venv/i.test(output)) {
      return `Python's venv module is missing, so no private yt-dlp can be installed. Install it (Debian: apt-get install python3-venv). (${last})`;
    }
    return `Creating the Python environment for yt-dlp failed: ${last}`;
  }
  if (/No matching distribution|Could not find a version/i.test(output)) {
    return `pip could not find yt-dlp in the package index: it is not reachable from here, or PIP_INDEX_URL / PIP_FIND_LINKS point elsewhere. (${last})`;
  }
  if (/Connection|resolve|Network|timed out|Max retries/i.test(output)) {
    return `pip could not reach the Python package index (check the network or a proxy for pip). (${last})`;
  }
  return `pip could not install yt-dlp: ${last}`;
}

/**
 * The service's own yt-dlp: a Python virtual environment under `CONFIG_DIR/yt-dlp/venv` with
 * yt-dlp installed by pip from the package index (PIP_INDEX_URL, PIP_FIND_LINKS and the other
 * PIP_* variables of the environment apply). It exists only after "Update yt-dlp" (or the
 * nightly task) ran once; from then on it is preferred over the `yt-dlp` on PATH, which on
 * Debian and Ubuntu is often a release too old for the platform. Nothing else is downloaded:
 * the machine's Python creates the environment.
 */
export class PrivateYtDlp {
  readonly venv: string;
  private readonly attemptFile: string;

  constructor(
    readonly dir: string,
    private readonly python: () => string,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.venv = join(dir, 'venv');
    this.attemptFile = join(dir, 'last-update.json');
  }

  /** The private yt-dlp executable (it may not exist yet). */
  get binary(): string {
    return join(this.venv, 'bin', 'yt-dlp');
  }

  installed(): boolean {
    return existsSync(this.binary);
  }

  async version(): Promise<string | null> {
    if (!this.installed()) return null;
    const r = await this.run(this.binary, ['--version'], VERSION_TIMEOUT_MS);
    return r.exitCode === 0 ? (r.stdout.trim().split('\n')[0] ?? null) : null;
  }

  /** Creates the environment when missing, then installs or upgrades yt-dlp in it. */
  async installOrUpgrade(): Promise<PrivateInstallResult> {
    const python = this.python();
    const venvPython = join(this.venv, 'bin', 'python');
    if (!existsSync(venvPython)) {
      await mkdir(this.dir, { recursive: true });
      const made = await this.run(python, ['-m', 'venv', '--clear', this.venv], VENV_TIMEOUT_MS);
      if (made.spawnError === 'ENOENT' || made.spawnError === 'EACCES') {
        return { ok: false, version: null, problem: explain('python', '', python) };
      }
      if (made.exitCode !== 0 || !existsSync(venvPython)) {
        return { ok: false, version: null, problem: explain('venv', `${made.stdout}\n${made.stderr}`, python) };
      }
    }
    const pip = await this.run(
      venvPython,
      ['-m', 'pip', 'install', '--upgrade', '--disable-pip-version-check', '--no-input', 'yt-dlp'],
      PIP_TIMEOUT_MS,
    );
    const version = await this.version();
    if (pip.exitCode !== 0 || version === null) {
      const output = pip.timedOut ? 'timed out after 5 minutes' : `${pip.stdout}\n${pip.stderr}`;
      return { ok: false, version, problem: explain('pip', output, python) };
    }
    return { ok: true, version };
  }

  /** The last update attempt (kept in `last-update.json`, so it outlives a restart). */
  async lastAttempt(): Promise<YtDlpUpdateAttempt | null> {
    try {
      return JSON.parse(await readFile(this.attemptFile, 'utf8')) as YtDlpUpdateAttempt;
    } catch {
      return null;
    }
  }

  async recordAttempt(attempt: YtDlpUpdateAttempt): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temp = `${this.attemptFile}.tmp`;
    await writeFile(temp, JSON.stringify(attempt, null, 2));
    await rename(temp, this.attemptFile);
  }

  private run(binary: string, args: string[], timeoutMs: number) {
    return runToCompletion(binary, args, {
      env: { ...this.env, PYTHONWARNINGS: 'ignore', PIP_NO_INPUT: '1' },
      timeoutMs,
      maxOutputBytes: 1024 * 1024,
    });
  }
}
