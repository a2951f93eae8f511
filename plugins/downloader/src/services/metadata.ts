import type { DownloaderConfigSection } from '@vidkeep/contracts';
import { buildMetadataArgs } from '../ytdlp/args.js';
import { classifyLine } from '../ytdlp/failures.js';
import { runToCompletion } from '../ytdlp/process.js';
import type { CookieLease } from './cookies.js';
import { REQUESTS_PER_VIDEO } from './polite/budget.js';
import type { PlatformGate } from './polite/gate.js';
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
    private readonly cookies: () => Promise<CookieLease | null>,
    private readonly env: NodeJS.ProcessEnv,
    private readonly gate?: PlatformGate,
  ) {}

  private readonly downloadWaiters = new Map<string, ((m: VideoMetadata | null) => void)[]>();

  /** A running download read the video's info: remember it and answer whoever waits for it. */
  provide(sourceId: string, value: VideoMetadata): void {
    this.cache.set(sourceId, { at: Date.now(), value });
    this.settleWaiters(sourceId, value);
  }

  /** The download of the video ended before its info was known (failed, skipped, cancelled). */
  abandon(sourceId: string): void {
    this.settleWaiters(sourceId, null);
  }

  /**
   * Waits for a download that has just started to report the video's info, instead of running
   * a second yt-dlp that asks the platform the same question. Null on failure or timeout.
   */
  fromDownload(sourceId: string, timeoutMs = 20_000): Promise<VideoMetadata | null> {
    const known = this.peek(sourceId);
    if (known) return Promise.resolve(known);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(null), timeoutMs);
      const done = (m: VideoMetadata | null) => {
        clearTimeout(timer);
        const list = this.downloadWaiters.get(sourceId)?.filter((w) => w !== done) ?? [];
        if (list.length) this.downloadWaiters.set(sourceId, list);
        else this.downloadWaiters.delete(sourceId);
        resolve(m);
      };
      this.downloadWaiters.set(sourceId, [...(this.downloadWaiters.get(sourceId) ?? []), done]);
    });
  }

  private settleWaiters(sourceId: string, value: VideoMetadata | null): void {
    for (const w of this.downloadWaiters.get(sourceId) ?? []) w(value);
  }

  /** What is already known about a video, without asking the platform. */
  peek(sourceId: string): VideoMetadata | null {
    const cached = this.cache.get(sourceId);
    return cached && Date.now() - cached.at < TTL_MS ? cached.value : null;
  }

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
    let cookies: CookieLease | null = null;
    try {
      // A person asked (a preview, a URL check): it passes the budget, but not a cool-down, whose
      // one request let through is kept for the download itself.
      if (this.gate?.cooling()) return null;
      const ytdlp = await this.tools.ytdlp();
      cookies = await this.cookies();
      const args = buildMetadataArgs(this.config(), cookies?.path ?? null, url, ytdlp.caps);
      const r = await runToCompletion(ytdlp.path, args, {
        env: { ...this.env, PYTHONWARNINGS: 'ignore' },
        timeoutMs,
      });
      this.gate?.spend(REQUESTS_PER_VIDEO - 1);
      if (r.exitCode !== 0) {
        const kind = classifyLine(r.stderr, { cookiesEnabled: this.config().cookiesEnabled })?.kind;
        if (kind) this.gate?.failed(kind);
        return null;
      }
      this.gate?.succeeded();
      return metadataOf(JSON.parse(r.stdout) as Record<string, unknown>);
    } catch {
      return null;
    } finally {
      await cookies?.release();
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

/** The fields of a yt-dlp info dict that the queue and its responses show. */
export function metadataOf(info: Record<string, unknown>): VideoMetadata {
  return {
    title: typeof info.title === 'string' ? info.title : String(info.id ?? ''),
    duration: typeof info.duration === 'number' ? Math.round(info.duration) : null,
    thumbnail: typeof info.thumbnail === 'string' ? info.thumbnail : null,
    channelId: typeof info.channel_id === 'string' ? info.channel_id : null,
  };
}
