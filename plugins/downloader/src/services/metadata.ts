import type { DownloaderConfigSection } from '@vidkeep/contracts';
import { buildMetadataArgs } from '../ytdlp/args.js';
import { runToCompletion } from '../ytdlp/process.js';
import type { ToolLocator } from './tools.js';

export interface VideoMetadata {
  title: string;
  duration: number | null;
  thumbnail: string | null;
  channelId: string | null;
}

const TTL_MS = 10 * 60_000;
const MAX_CONCURRENT = 2;

/**
 * Single-video metadata through yt-dlp (`--dump-single-json`, no download): title, duration,
 * thumbnail. Results are cached for ten minutes; at most two lookups run at once.
 */
export class MetadataService {
  private readonly cache = new Map<string, { at: number; value: VideoMetadata | null }>();
  private readonly inflight = new Map<string, Promise<VideoMetadata | null>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly tools: ToolLocator,
    private readonly config: () => DownloaderConfigSection,
    private readonly cookiesFile: () => Promise<string | null>,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  lookup(sourceId: string, url: string, timeoutMs = 20_000): Promise<VideoMetadata | null> {
    const cached = this.cache.get(sourceId);
    if (cached && Date.now() - cached.at < TTL_MS) return Promise.resolve(cached.value);
    let p = this.inflight.get(sourceId);
    if (!p) {
      p = this.fetch(url, timeoutMs).finally(() => this.inflight.delete(sourceId));
      p.then((value) => this.cache.set(sourceId, { at: Date.now(), value }));
      this.inflight.set(sourceId, p);
    }
    return p;
  }

  private async fetch(url: string, timeoutMs: number): Promise<VideoMetadata | null> {
    if (this.running >= MAX_CONCURRENT) await new Promise<void>((r) => this.waiting.push(r));
    this.running += 1;
    try {
      const args = buildMetadataArgs(this.config(), await this.cookiesFile(), url);
      const r = await runToCompletion(this.tools.path('ytdlp'), args, {
        env: { ...this.env, PYTHONWARNINGS: 'ignore' },
        timeoutMs,
      });
      if (r.exitCode !== 0) return null;
      const info = JSON.parse(r.stdout) as Record<string, unknown>;
      return {
        title: typeof info.title === 'string' ? info.title : String(info.id ?? ''),
        duration: typeof info.duration === 'number' ? Math.round(info.duration) : null,
        thumbnail: typeof info.thumbnail === 'string' ? info.thumbnail : null,
        channelId: typeof info.channel_id === 'string' ? info.channel_id : null,
      };
    } catch {
      return null;
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
