import { YTDLP_STALE_DAYS, type ToolsResponse, type YtDlpStatus } from '@vidkeep/contracts';
import { runToCompletion } from '../ytdlp/process.js';

export type ToolName = 'ytdlp' | 'ffmpeg' | 'ffprobe';
const TOOL_NAMES: readonly ToolName[] = ['ytdlp', 'ffmpeg', 'ffprobe'];

export interface ToolInfo {
  name: ToolName;
  path: string;
  found: boolean;
  version: string | null;
}

const VERSION_ARGS: Record<ToolName, string[]> = {
  ytdlp: ['--version'],
  ffmpeg: ['-hide_banner', '-version'],
  ffprobe: ['-hide_banner', '-version'],
};

/** Runs `<tool> --version` like every other tool process: supervised, so it never outlives the service. */
async function probe(path: string, args: string[]): Promise<{ found: boolean; output: string }> {
  const r = await runToCompletion(path, args, {
    env: { ...process.env, PYTHONWARNINGS: 'ignore' },
    timeoutMs: 15_000,
    maxOutputBytes: 256 * 1024,
  });
  return { found: r.spawnError !== 'ENOENT' && r.spawnError !== 'EACCES', output: r.stdout };
}

function parseVersion(name: ToolName, output: string): string | null {
  const first = output.trim().split('\n')[0] ?? '';
  if (name === 'ytdlp') return first || null;
  const m = /version\s+(\S+)/.exec(first);
  return m?.[1] ?? null;
}

/** Where yt-dlp comes from: set by the user, the private copy under CONFIG_DIR, or PATH. */
export type YtDlpSource = 'configured' | 'private' | 'path';

/** The release date in a yt-dlp version (`2025.10.22`, nightly `2025.10.22.232815`), or null. */
export function releaseDate(version: string | null): Date | null {
  const m = /^(\d{4})\.(\d{2})\.(\d{2})/.exec(version ?? '');
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Where yt-dlp, ffmpeg and ffprobe are and whether they run. yt-dlp: the configured path
 * (`ytdlpPath`, else `YTDLP_PATH`), else the private copy once installed, else `yt-dlp` on PATH;
 * the others: their configured path or their name on PATH. Checked at start and on demand; the
 * result feeds the health check and the startup warning.
 */
export class ToolLocator {
  private cache = new Map<ToolName, ToolInfo>();

  constructor(
    private readonly configured: () => Record<ToolName, string>,
    private readonly privateYtDlp: { binary: string; installed(): boolean } | null = null,
    private readonly now: () => number = Date.now,
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
    const { found, output } = await probe(path, VERSION_ARGS[name]);
    const info: ToolInfo = { name, path, found, version: found ? parseVersion(name, output) : null };
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
    const ytdlp: YtDlpStatus = {
      ...view(all.ytdlp),
      source,
      releasedOn: released ? released.toISOString().slice(0, 10) : null,
      ageDays,
      stale: ageDays !== null && ageDays > YTDLP_STALE_DAYS,
      updateMethod: updatesManaged ? 'managed' : source === 'configured' ? 'self' : 'private',
      lastUpdate,
    };
    return { ytdlp, ffmpeg: view(all.ffmpeg), ffprobe: view(all.ffprobe), updatesManaged };
  }
}
