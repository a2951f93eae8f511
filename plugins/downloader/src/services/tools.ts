import type { ToolsResponse } from '@vidkeep/contracts';
import { runToCompletion } from '../ytdlp/process.js';

export type ToolName = 'ytdlp' | 'ffmpeg' | 'ffprobe';

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

/**
 * Where yt-dlp, ffmpeg and ffprobe are (configured path, `YTDLP_PATH` for yt-dlp, else the name
 * on PATH) and whether they run. Checked at start and on demand; the result feeds the health
 * check and the startup warning.
 */
export class ToolLocator {
  private cache = new Map<ToolName, ToolInfo>();

  constructor(private readonly configured: () => Record<ToolName, string>) {}

  path(name: ToolName): string {
    const configured = this.configured()[name].trim();
    if (configured) return configured;
    return name === 'ytdlp' ? 'yt-dlp' : name;
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

  async report(updatesManaged: boolean): Promise<ToolsResponse> {
    const all = await this.checkAll();
    const view = (t: ToolInfo) => ({
      name: t.name === 'ytdlp' ? 'yt-dlp' : t.name,
      path: t.path,
      found: t.found,
      version: t.version,
    });
    return { ytdlp: view(all.ytdlp), ffmpeg: view(all.ffmpeg), ffprobe: view(all.ffprobe), updatesManaged };
  }
}
