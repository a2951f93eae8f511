import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { YtDlpUpdateAttempt } from '@vidkeep/contracts';
import { runToCompletion } from '../ytdlp/process.js';
import { explain, lastLine, NEWEST_ARGS, newestOf } from './pip.js';

const VENV_TIMEOUT_MS = 120_000;
const PIP_TIMEOUT_MS = 300_000;
const VERSION_TIMEOUT_MS = 15_000;
const NEWEST_TIMEOUT_MS = 60_000;
/** How long the newest release pip reported is trusted before it is asked again. */
const NEWEST_TTL_MS = 6 * 60 * 60_000;
/** A release folder newer than the one in use but untouched this long is a candidate a crash left. */
const ABANDONED_MS = 60 * 60_000;
/** yt-dlp with its default extras: `yt-dlp-ejs`, the challenge solver scripts, among them. */
const WITH_EXTRAS = 'yt-dlp[default]';

/** What one install did, in words a user can act on. */
export type InstallResult =
  | {
      ok: true;
      /** The release folder's name under `releases/`. */
      release: string;
      binary: string;
      version: string;
      /** Set when yt-dlp came without its default extras (the index lacks yt-dlp-ejs). */
      note: string | null;
    }
  | { ok: false; problem: string };

/** The newest yt-dlp pip can install here, or why it could not be asked. */
export interface NewestRelease {
  version: string | null;
  checkedAt: string | null;
  problem: string | null;
}

interface ReleaseState {
  /** Release folder (relative to the private directory) in use, e.g. `releases/20261128-120000-ab12`. */
  current: string | null;
  /** The one before, kept for a rollback. */
  previous: string | null;
}

/** A release folder name that sorts by time and never repeats. */
function releaseName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `releases/${stamp}-${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * The service's own yt-dlp, installed with pip from the package index (the PIP_* variables of
 * the environment apply) into Python virtual environments under `CONFIG_DIR/yt-dlp`:
 *
 * - every install goes into a new folder `releases/<time>/`; the one in use and the one before
 *   are named in `state.json` (written atomically), older ones are deleted;
 * - a new install is only a candidate until the updater has checked it (the canary) and
 *   promotes it; a candidate that fails is deleted, and the yt-dlp in use never changes under a
 *   running download;
 * - a rollback swaps the two.
 *
 * A `venv/` left by vidkeep before releases existed is the release in use until the next update.
 * Nothing else is downloaded: the machine's Python creates the environments.
 */
export class PrivateYtDlp {
  private readonly stateFile: string;
  private readonly attemptFile: string;
  private readonly newestFile: string;
  private state: ReleaseState | null = null;
  private newestKnown: NewestRelease | null = null;
  private readonly versions = new Map<string, Promise<string | null>>();

  constructor(
    readonly dir: string,
    private readonly python: () => string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.stateFile = join(dir, 'state.json');
    this.attemptFile = join(dir, 'last-update.json');
    this.newestFile = join(dir, 'newest.json');
  }

  /** The release folders in use; read from disk once, and again after another thread changed them. */
  private releases(): ReleaseState {
    if (this.state) return this.state;
    let state: ReleaseState = { current: null, previous: null };
    try {
      const raw = JSON.parse(readFileSync(this.stateFile, 'utf8')) as Partial<ReleaseState>;
      state = { current: raw.current ?? null, previous: raw.previous ?? null };
    } catch {
      // Before releases: the single environment of earlier versions, when there is one.
      if (existsSync(join(this.dir, 'venv', 'bin', 'yt-dlp'))) state.current = 'venv';
    }
    this.state = state;
    return state;
  }

  /** Forgets what was read, so the next call reads `state.json` again (after the nightly worker). */
  reload(): void {
    this.state = null;
    this.newestKnown = null;
  }

  private binaryOf(release: string): string {
    return join(this.dir, release, 'bin', 'yt-dlp');
  }

  /** The private yt-dlp executable in use (it may not exist yet). */
  get binary(): string {
    return this.binaryOf(this.releases().current ?? 'venv');
  }

  installed(): boolean {
    const { current } = this.releases();
    return current !== null && existsSync(this.binaryOf(current));
  }

  /** The version of a binary, remembered per path (a release folder never changes). */
  private versionOf(binary: string): Promise<string | null> {
    let known = this.versions.get(binary);
    if (!known) {
      known = this.run(binary, ['--version'], VERSION_TIMEOUT_MS).then((r) =>
        r.exitCode === 0 ? (r.stdout.trim().split('\n')[0] ?? null) : null,
      );
      this.versions.set(binary, known);
      void known.then((v) => v === null && this.versions.delete(binary));
    }
    return known;
  }

  async version(): Promise<string | null> {
    return this.installed() ? this.versionOf(this.binary) : null;
  }

  /** The previous release's version, when one is kept for a rollback. */
  async rollbackVersion(): Promise<string | null> {
    const { previous } = this.releases();
    if (!previous || !existsSync(this.binaryOf(previous))) return null;
    return this.versionOf(this.binaryOf(previous));
  }

  /** The newest release pip reported, as last asked (null: never asked). */
  newest(): NewestRelease | null {
    if (this.newestKnown) return this.newestKnown;
    try {
      this.newestKnown = JSON.parse(readFileSync(this.newestFile, 'utf8')) as NewestRelease;
    } catch {
      /* never asked */
    }
    return this.newestKnown;
  }

  /** Whether the newest release should be asked again (never asked, or asked hours ago). */
  newestIsOld(): boolean {
    const known = this.newest();
    const at = known?.checkedAt ? Date.parse(known.checkedAt) : NaN;
    return !Number.isFinite(at) || this.now().getTime() - at > NEWEST_TTL_MS;
  }

  /**
   * Asks pip which yt-dlp it would install (`pip install --dry-run --report`, no download of
   * anything but metadata), with the private environment's pip or else the machine's Python.
   */
  async askNewest(): Promise<NewestRelease> {
    const python = this.installed() ? join(this.dir, this.releases().current!, 'bin', 'python') : this.python();
    const r = await this.run(python, NEWEST_ARGS, NEWEST_TIMEOUT_MS);
    const { version, problem } = newestOf(r, python);
    const answer: NewestRelease = { version, checkedAt: this.now().toISOString(), problem };
    this.newestKnown = answer;
    await this.write(this.newestFile, answer).catch(() => undefined);
    return answer;
  }

  /**
   * Installs the newest yt-dlp into a new release folder, with its default extras where the
   * index has them. The result is a candidate: nothing uses it until {@link promote}.
   */
  async install(): Promise<InstallResult> {
    const python = this.python();
    const release = releaseName(this.now());
    const venv = join(this.dir, release);
    await mkdir(join(this.dir, 'releases'), { recursive: true });
    const made = await this.run(python, ['-m', 'venv', venv], VENV_TIMEOUT_MS);
    const venvPython = join(venv, 'bin', 'python');
    const fail = async (problem: string): Promise<InstallResult> => {
      await rm(venv, { recursive: true, force: true });
      return { ok: false, problem };
    };
    if (made.spawnError === 'ENOENT' || made.spawnError === 'EACCES') return fail(explain('python', '', python));
    if (made.exitCode !== 0 || !existsSync(venvPython)) {
      return fail(explain('venv', `${made.stdout}\n${made.stderr}`, python));
    }
    const pip = (what: string) =>
      this.run(
        venvPython,
        ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--upgrade', what],
        PIP_TIMEOUT_MS,
      );
    let note: string | null = null;
    let r = await pip(WITH_EXTRAS);
    if (r.exitCode !== 0 && !r.timedOut) {
      // An index without one of the extras (yt-dlp-ejs, say) still has yt-dlp itself.
      const plain = await pip('yt-dlp');
      if (plain.exitCode === 0) {
        note = `yt-dlp was installed without its default extras, which the package index does not offer here (${lastLine(`${r.stdout}\n${r.stderr}`)}); without yt-dlp-ejs, current yt-dlp cannot solve the platform's JavaScript challenges.`;
      }
      r = plain;
    }
    const binary = this.binaryOf(release);
    const version = r.exitCode === 0 ? await this.versionOf(binary) : null;
    if (r.exitCode !== 0 || version === null) {
      const output = r.timedOut ? 'timed out after 5 minutes' : `${r.stdout}\n${r.stderr}`;
      return fail(explain('pip', output, python));
    }
    return { ok: true, release, binary, version, note };
  }

  /** Takes a checked candidate into use; the release in use becomes the previous one. */
  async promote(release: string): Promise<void> {
    const { current } = this.releases();
    await this.save({ current: release, previous: current !== release ? current : this.releases().previous });
  }

  /** Deletes a candidate that failed its checks. */
  async discard(release: string): Promise<void> {
    await rm(join(this.dir, release), { recursive: true, force: true });
  }

  /** Swaps the release in use and the previous one. Null when there is none to return to. */
  async rollback(): Promise<{ version: string | null; rollbackVersion: string | null } | null> {
    const { current, previous } = this.releases();
    if (!previous || !existsSync(this.binaryOf(previous))) return null;
    await this.save({ current: previous, previous: current });
    return { version: await this.version(), rollbackVersion: await this.rollbackVersion() };
  }

  /**
   * Deletes release folders that are neither in use nor the previous one (and the environment of
   * earlier versions once it is neither), only while nothing runs from them (`busy` says so).
   * A folder newer than the one in use is a candidate an update is installing or checking, maybe
   * in the nightly worker thread: it is left alone unless it was abandoned (untouched for an hour).
   */
  async prune(busy: () => boolean): Promise<string[]> {
    if (busy()) return [];
    const { current, previous } = this.releases();
    const keep = new Set([current, previous]);
    const names = await readdir(join(this.dir, 'releases')).catch(() => [] as string[]);
    const old: string[] = [];
    for (const release of names.map((n) => `releases/${n}`).filter((n) => !keep.has(n))) {
      const olderThanCurrent = current !== null && current.startsWith('releases/') && release < current;
      const touched = await stat(join(this.dir, release)).then(
        (st) => st.mtimeMs,
        () => 0,
      );
      if (olderThanCurrent || this.now().getTime() - touched > ABANDONED_MS) old.push(release);
    }
    if (!keep.has('venv') && existsSync(join(this.dir, 'venv'))) old.push('venv');
    for (const release of old) await rm(join(this.dir, release), { recursive: true, force: true });
    return old;
  }

  private async save(state: ReleaseState): Promise<void> {
    await this.write(this.stateFile, state);
    this.state = state;
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
    await this.write(this.attemptFile, attempt);
  }

  /**
   * Writes one of the small state files whole or not at all (a sibling file renamed over it).
   * Not the core's helper: the nightly worker thread imports this file and stays light.
   */
  private async write(file: string, value: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
    await writeFile(temp, JSON.stringify(value, null, 2));
    await rename(temp, file);
  }

  private run(binary: string, args: string[], timeoutMs: number) {
    return runToCompletion(binary, args, {
      env: { ...this.env, PYTHONWARNINGS: 'ignore', PIP_NO_INPUT: '1' },
      timeoutMs,
      maxOutputBytes: 1024 * 1024,
    });
  }
}
