import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaTools, PluginLogger } from '@vidkeep/plugin-kit';

/** A video whose audio could not be made is not tried again sooner (a broken file stays broken). */
const RETRY_AFTER_MS = 6 * 60 * 60_000;

/**
 * Audio made on demand for audio feeds: a video downloaded without an audio file gets
 * `<cache>/<id>.m4a` made once with the downloader's ffmpeg, one at a time in the background. The
 * feed lists the episode once its file exists; until then it counts as pending.
 */
export class AudioCache {
  private readonly queue: { sourceId: string; from: string }[] = [];
  private readonly queued = new Set<string>();
  private readonly failedAt = new Map<string, number>();
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly deps: {
      dir: string;
      tools: () => MediaTools | undefined;
      logger: PluginLogger;
      /** Told when an audio file was made (the feed changed). */
      made?: (sourceId: string) => void;
    },
  ) {}

  /** The folder of the made audio files. */
  get dir(): string {
    return this.deps.dir;
  }

  /** Where a video's made audio is (whether or not it exists yet). */
  fileOf(sourceId: string): string {
    return join(this.deps.dir, `${sourceId}.m4a`);
  }

  /** Whether audio can be made at all (a plugin lends ffmpeg). */
  available(): boolean {
    return !!this.deps.tools()?.extractAudio;
  }

  /** Asks for a video's audio to be made; false when it cannot be (no tool, or it failed lately). */
  request(sourceId: string, from: string): boolean {
    if (this.closed || !this.available()) return false;
    const failed = this.failedAt.get(sourceId);
    if (failed !== undefined && Date.now() - failed < RETRY_AFTER_MS) return false;
    if (!this.queued.has(sourceId)) {
      this.queued.add(sourceId);
      this.queue.push({ sourceId, from });
      this.running ??= this.drain().finally(() => (this.running = null));
    }
    return true;
  }

  /** Settles when nothing is being made (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    await this.idle();
  }

  private async drain(): Promise<void> {
    await mkdir(this.deps.dir, { recursive: true });
    for (let next = this.queue.shift(); next && !this.closed; next = this.queue.shift()) {
      const { sourceId, from } = next;
      const to = this.fileOf(sourceId);
      const part = `${to}.part.m4a`;
      try {
        const ok = (await this.deps.tools()?.extractAudio?.(from, part)) ?? false;
        if (ok && (await stat(part).catch(() => null))?.size) {
          await rename(part, to);
          this.deps.made?.(sourceId);
        } else {
          this.failedAt.set(sourceId, Date.now());
          this.deps.logger.warn({ sourceId }, 'Could not make the audio of a video for an audio feed');
        }
      } catch (err) {
        this.failedAt.set(sourceId, Date.now());
        this.deps.logger.warn({ sourceId, err }, 'Could not make the audio of a video for an audio feed');
      } finally {
        await rm(part, { force: true });
        this.queued.delete(sourceId);
      }
    }
  }
}
