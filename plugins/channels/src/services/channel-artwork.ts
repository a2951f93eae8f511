import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChannelArtwork, PluginLogger } from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';

/** A picture larger than this is not a channel avatar. */
const MAX_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;
/** A channel whose picture could not be fetched is not asked for again sooner. */
const RETRY_AFTER_MS = 60 * 60_000;

/** JPEG, PNG, WebP and GIF by their first bytes: what image readers of media servers recognise. */
export function isImage(bytes: Uint8Array): boolean {
  const starts = (...b: number[]) => b.every((x, i) => bytes[i] === x);
  return (
    starts(0xff, 0xd8, 0xff) ||
    starts(0x89, 0x50, 0x4e, 0x47) ||
    starts(0x47, 0x49, 0x46, 0x38) ||
    (starts(0x52, 0x49, 0x46, 0x46) &&
      bytes[8] === 0x57 &&
      bytes[9] === 0x45 &&
      bytes[10] === 0x42 &&
      bytes[11] === 0x50)
  );
}

/** The local file of a channel's picture: `CONFIG_DIR/images/channelthumb-<channel id>.jpg`. */
export const posterPathOf = (imagesDir: string, channelId: string) =>
  join(imagesDir, `channelthumb-${channelId.replace(/[^A-Za-z0-9_-]/g, '_')}.jpg`);

/**
 * The channels plugin's `ChannelArtwork`: the picture of a known channel (its `thumbnailUrl`, from
 * the platform when it was subscribed or looked up), fetched on first need and kept under
 * `CONFIG_DIR/images` for every later poster. One fetch per channel at a time; a failed fetch is
 * logged and not tried again for an hour.
 */
export class ChannelArtworkService implements ChannelArtwork {
  private readonly inFlight = new Map<string, Promise<string | null>>();
  private readonly failedAt = new Map<string, number>();

  constructor(
    private readonly deps: {
      store: { byChannelId(channelId: string): Promise<Pick<ChannelRow, 'channelId' | 'thumbnailUrl'> | null> };
      imagesDir: string;
      logger: PluginLogger;
      fetch?: typeof fetch;
      now?: () => number;
    },
  ) {}

  posterFile(channelId: string): Promise<string | null> {
    const running = this.inFlight.get(channelId);
    if (running) return running;
    const work = this.load(channelId)
      .catch((err: unknown) => {
        this.deps.logger.warn({ channelId, err: (err as Error).message }, 'Could not get the picture of a channel');
        this.failedAt.set(channelId, this.now());
        return null;
      })
      .finally(() => this.inFlight.delete(channelId));
    this.inFlight.set(channelId, work);
    return work;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private async load(channelId: string): Promise<string | null> {
    const file = posterPathOf(this.deps.imagesDir, channelId);
    if ((await stat(file).catch(() => null))?.size) return file;
    const failed = this.failedAt.get(channelId);
    if (failed !== undefined && this.now() - failed < RETRY_AFTER_MS) return null;
    const row = await this.deps.store.byChannelId(channelId);
    const url = row?.thumbnailUrl;
    if (!url || !/^https?:\/\//i.test(url)) return null;
    const res = await (this.deps.fetch ?? fetch)(url, {
      headers: { accept: 'image/jpeg,image/png,image/webp,image/*;q=0.8' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'follow',
    });
    if (!res.ok) throw new Error(`the platform answered ${res.status} for ${url}`);
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_BYTES) throw new Error(`the picture is larger than ${MAX_BYTES} bytes`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.length > MAX_BYTES) throw new Error(`the picture is larger than ${MAX_BYTES} bytes`);
    if (!isImage(bytes)) throw new Error(`${url} did not answer with an image`);
    await mkdir(this.deps.imagesDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    this.failedAt.delete(channelId);
    return file;
  }
}
