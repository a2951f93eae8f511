import {
  YTDLP_MIN_VERSION,
  YTDLP_STALE_DAYS,
  type ToolsResponse,
  type YtDlpJavascript,
  type YtDlpStatus,
} from '@vidkeep/contracts';
import { capabilitiesOf, FLOOR_CAPABILITIES, jsRuntimeArgs, type YtDlpCapabilities } from '../ytdlp/capabilities.js';
import { javascriptOf } from '../ytdlp/javascript.js';
import { runToCompletion } from '../ytdlp/process.js';
import { compareVersions, isSupportedVersion, releaseDate, versionParts } from '../ytdlp/versions.js';
import type { NewestRelease } from './private-ytdlp.js';

export { releaseDate } from '../ytdlp/versions.js';

export type ToolName = 'ytdlp' | 'ffmpeg' | 'ffprobe';
const TOOL_NAMES: readonly ToolName[] = ['ytdlp', 'ffmpeg', 'ffprobe'];

export interface ToolInfo {
  name: ToolName;
  path: string;
  found: boolean;
  version: string | null;
}

/** The yt-dlp a call runs, with what it understands: path and options always belong together. */
export interface YtDlpInUse {
  path: string;
  version: string | null;
  caps: YtDlpCapabilities;
}

const VERSION_ARGS: Record<ToolName, string[]> = {
  ytdlp: ['--version'],
  ffmpeg: ['-hide_banner', '-version'],
  ffprobe: ['-hide_banner', '-version'],
};

const QUIET_ENV = { PYTHONWARNINGS: 'ignore' };

/** Runs a tool like every other tool process: supervised, so it never outlives the service. */
function runTool(path: string, args: string[], env: NodeJS.ProcessEnv) {
  return runToCompletion(path, args, { env: { ...env, ...QUIET_ENV }, timeoutMs: 15_000, maxOutputBytes: 256 * 1024 });
}

function parseVersion(name: ToolName, output: string): string | null {
  const first = output.trim().split('\n')[0] ?? '';
  if (name === 'ytdlp') return first || null;
  const m = /version\s+(\S+)/.exec(first);
  return m?.[1] ?? null;
}

/** Where yt-dlp comes from: set by the user, the private copy under CONFIG_DIR, or PATH. */
export type YtDlpSource = 'configured' | 'private' | 'path';

/** What the locator needs of the private yt-dlp (the release store). */
export interface PrivateYtDlpView {
  readonly binary: string;
  installed(): boolean;
  newest(): NewestRelease | null;
  newestIsOld(): boolean;
  askNewest(): Promise<NewestRelease>;
  rollbackVersion(): Promise<string | null>;
}

/** Whether a yt-dlp counts as stale, and why, from its version and the newest release known. */
export function freshness(
  version: string | null,
  newest: NewestRelease | null,
  ageDays: number | null,
): { stale: boolean; staleReason: string | null } {
  if (version === null || versionParts(version) === null) return { stale: false, staleReason: null };
  if (!isSupportedVersion(version)) {
    return {
      stale: true,
      staleReason: `yt-dlp ${version} is older than ${YTDLP_MIN_VERSION}, the oldest release vidkeep works with: downloads are refused until it is updated.`,
    };
  }
  const behind = compareVersions(version, newest?.version);
  if (behind !== null) {
    return behind < 0
      ? {
          stale: true,
          staleReason: `yt-dlp ${newest!.version} is out and can be installed here; this one is ${version}.`,
        }
      : { stale: false, staleReason: null };
  }
  if (ageDays !== null && ageDays > YTDLP_STALE_DAYS) {
    return {
      stale: true,
      staleReason: `yt-dlp ${version} was released ${ageDays} days ago, and the newest release could not be asked from pip${newest?.problem ? ` (${newest.problem})` : ''}: the platform has probably changed since.`,
    };
  }
  return { stale: false, staleReason: null };
}

/**
 * Where yt-dlp, ffmpeg and ffprobe are and whether they run. yt-dlp: the configured path
 * (`ytdlpPath`, else `YTDLP_PATH`), else the private copy once installed, else `yt-dlp` on PATH;
 * the others: their configured path or their name on PATH. Checked at start and on demand; the
 * result feeds the health check and the startup warning. For yt-dlp it also knows what the build
 * understands (its `--help`, read once per binary and version) and its JavaScript runtime.
 */
export class ToolLocator {
  private cache = new Map<ToolName, ToolInfo>();
  private readonly caps = new Map<string, Promise<YtDlpCapabilities>>();
  private readonly javascript = new Map<string, Promise<YtDlpJavascript | null>>();

  constructor(
    private readonly configured: () => Record<ToolName, string>,
    private readonly privateYtDlp: PrivateYtDlpView | null = null,
    private readonly now: () => number = Date.now,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  ytdlpSource(): YtDlpSource {
    if (this.configured().ytdlp.trim()) return 'configured';
    return this.privateYtDlp?.installed() ? 'private' : 'path';
  }

  path(name: ToolName): string {
    const configured = this.configured()[name].trim();
    if (configured) return configured;
    if (name !== 'ytdlp') return name;
    return this.ytdlpSource() === 'private' ? this.privateYtDlp!.binary : 'yt-dlp';
  }

  async check(name: ToolName): Promise<ToolInfo> {
    const path = this.path(name);
    const r = await runTool(path, VERSION_ARGS[name], this.env);
    const found = r.spawnError !== 'ENOENT' && r.spawnError !== 'EACCES';
    const info: ToolInfo = { name, path, found, version: found ? parseVersion(name, r.stdout) : null };
    this.cache.set(name, info);
    return info;
  }

  async checkAll(): Promise<Record<ToolName, ToolInfo>> {
    const [ytdlp, ffmpeg, ffprobe] = await Promise.all([
      this.check('ytdlp'),
      this.check('ffmpeg'),
      this.check('ffprobe'),
    ]);
    return { ytdlp, ffmpeg, ffprobe };
  }

  /** The last known state (checked at start); `found` stays true until a check says otherwise. */
  known(name: ToolName): ToolInfo {
    return this.cache.get(name) ?? { name, path: this.path(name), found: true, version: null };
  }

  /** yt-dlp's last check at its current path, checking it now when there is none. */
  private async ytdlpInfo(): Promise<ToolInfo> {
    const known = this.cache.get('ytdlp');
    return known && known.path === this.path('ytdlp') ? known : this.check('ytdlp');
  }

  /**
   * The yt-dlp to run now and what it understands. A build whose `--help` cannot be read is
   * treated as the oldest supported one (only the options every release has).
   */
  async ytdlp(): Promise<YtDlpInUse> {
    const info = await this.ytdlpInfo();
    if (!info.found) return { path: info.path, version: null, caps: FLOOR_CAPABILITIES };
    const key = `${info.path}\n${info.version ?? ''}`;
    let caps = this.caps.get(key);
    if (!caps) {
      caps = runTool(info.path, ['--help'], this.env).then((r) =>
        r.exitCode === 0 ? capabilitiesOf(r.stdout) : FLOOR_CAPABILITIES,
      );
      this.caps.set(key, caps);
    }
    return { path: info.path, version: info.version, caps: await caps };
  }

  /**
   * What yt-dlp's verbose header says about JavaScript with the arguments vidkeep passes (one
   * run without a URL, about half a second; remembered per binary and version).
   */
  async javascriptOf(inUse: YtDlpInUse): Promise<YtDlpJavascript | null> {
    const key = `${inUse.path}\n${inUse.version ?? ''}`;
    let known = this.javascript.get(key);
    if (!known) {
      const args = ['--ignore-config', '--verbose', ...jsRuntimeArgs(inUse.caps)];
      known = runTool(inUse.path, args, this.env).then((r) => javascriptOf(`${r.stderr}\n${r.stdout}`));
      this.javascript.set(key, known);
    }
    return known;
  }

  /**
   * Whether a yt-dlp version is older than the newest release known (true), known to be the
   * newest (false), or neither can be said (null): what the failure advice needs.
   */
  outdated(version: string | null): boolean | null {
    if (versionParts(version) === null) return null;
    if (!isSupportedVersion(version)) return true;
    const behind = compareVersions(version, this.privateYtDlp?.newest()?.version);
    if (behind !== null) return behind < 0;
    const released = releaseDate(version);
    const ageDays = released ? (this.now() - released.getTime()) / 86_400_000 : null;
    return ageDays !== null && ageDays > YTDLP_STALE_DAYS ? true : null;
  }

  /** The newest installable yt-dlp, asked from pip when asked to and the last answer is hours old. */
  private async newest(refresh: boolean): Promise<NewestRelease | null> {
    const p = this.privateYtDlp;
    if (!p) return null;
    if (refresh && p.newestIsOld()) return p.askNewest();
    return p.newest();
  }

  /** What is known of each tool, checked again first when asked to or not checked at its path yet. */
  async report(
    updatesManaged: boolean,
    lastUpdate: YtDlpStatus['lastUpdate'],
    refresh = false,
  ): Promise<ToolsResponse> {
    const checked = TOOL_NAMES.every((n) => this.cache.get(n)?.path === this.path(n));
    const all =
      refresh || !checked
        ? await this.checkAll()
        : { ytdlp: this.known('ytdlp'), ffmpeg: this.known('ffmpeg'), ffprobe: this.known('ffprobe') };
    const view = (t: ToolInfo) => ({
      name: t.name === 'ytdlp' ? 'yt-dlp' : t.name,
      path: t.path,
      found: t.found,
      version: t.version,
    });
    const source = this.ytdlpSource();
    const released = releaseDate(all.ytdlp.version);
    const ageDays = released ? Math.max(0, Math.floor((this.now() - released.getTime()) / 86_400_000)) : null;
    const inUse = await this.ytdlp();
    const [newest, javascript, rollbackVersion] = await Promise.all([
      updatesManaged ? null : this.newest(refresh),
      all.ytdlp.found ? this.javascriptOf(inUse) : null,
      source === 'private' ? this.privateYtDlp!.rollbackVersion() : null,
    ]);
    const ytdlp: YtDlpStatus = {
      ...view(all.ytdlp),
      source,
      releasedOn: released ? released.toISOString().slice(0, 10) : null,
      ageDays,
      minimumVersion: YTDLP_MIN_VERSION,
      supported: isSupportedVersion(all.ytdlp.version),
      latestVersion: newest?.version ?? null,
      latestCheckedAt: newest?.checkedAt ?? null,
      ...freshness(all.ytdlp.version, newest, ageDays),
      updateMethod: updatesManaged ? 'managed' : source === 'configured' ? 'self' : 'private',
      lastUpdate,
      rollbackVersion,
      javascript,
    };
    return { ytdlp, ffmpeg: view(all.ffmpeg), ffprobe: view(all.ffprobe), updatesManaged };
  }
}
