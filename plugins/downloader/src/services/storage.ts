import { statfs } from 'node:fs/promises';
import type { DownloaderConfigSection, EventBus, LibraryService, StorageStatus } from '@vidkeep/contracts';

const GB = 1024 ** 3;
const fmt = (bytes: number) => `${(bytes / GB).toFixed(1)} GB`;

/** Storage limits (spec 8): a configured minimum free space or maximum used size pauses downloads. */
export class StorageGuard {
  /** What the last check found (null before the first): a change is published once. */
  private lastPaused: boolean | null = null;

  constructor(
    private readonly outputDir: string,
    private readonly config: () => DownloaderConfigSection,
    private readonly library: Pick<LibraryService, 'usedBytes'>,
    private readonly events?: Pick<EventBus, 'publish'>,
  ) {}

  async status(): Promise<StorageStatus> {
    return this.measure({ free: true, used: true });
  }

  /**
   * Whether a limit pauses downloads now. Measures only what a configured limit needs, so with no
   * limit set (the default) starting a job costs no statfs and no sum over the library.
   */
  async pause(): Promise<{ paused: boolean; reason: string | null }> {
    const { storageMinFreeGb, storageMaxUsedGb } = this.config();
    if (!(storageMinFreeGb > 0) && !(storageMaxUsedGb > 0)) {
      if (this.lastPaused) this.changed({ paused: false, reason: null, freeBytes: null, usedBytes: 0 });
      return { paused: false, reason: null };
    }
    const measured = await this.measure({ free: storageMinFreeGb > 0, used: storageMaxUsedGb > 0 });
    this.changed(measured);
    return { paused: measured.paused, reason: measured.reason };
  }

  /** Publishes the start and the end of a pause (not every re-check); the first check starts from "not paused". */
  private changed(s: Pick<StorageStatus, 'paused' | 'reason' | 'freeBytes' | 'usedBytes'>): void {
    const before = this.lastPaused ?? false;
    this.lastPaused = s.paused;
    if (s.paused === before || !this.events) return;
    if (s.paused)
      this.events.publish('downloader.storage.paused', {
        reason: s.reason ?? 'a storage limit is reached',
        freeBytes: s.freeBytes,
        usedBytes: s.usedBytes,
      });
    else this.events.publish('downloader.storage.resumed', { freeBytes: s.freeBytes, usedBytes: s.usedBytes });
  }

  private async measure(need: { free: boolean; used: boolean }): Promise<StorageStatus> {
    const { storageMinFreeGb, storageMaxUsedGb } = this.config();
    let freeBytes: number | null = null;
    if (need.free) {
      try {
        const s = await statfs(this.outputDir);
        freeBytes = Number(s.bavail) * Number(s.bsize);
      } catch {
        freeBytes = null; // not created yet: nothing to measure
      }
    }
    const usedBytes = need.used ? await this.library.usedBytes() : 0;
    const minFreeBytes = storageMinFreeGb > 0 ? Math.round(storageMinFreeGb * GB) : null;
    const maxUsedBytes = storageMaxUsedGb > 0 ? Math.round(storageMaxUsedGb * GB) : null;
    let reason: string | null = null;
    if (minFreeBytes !== null && freeBytes !== null && freeBytes < minFreeBytes) {
      reason = `only ${fmt(freeBytes)} free in the output directory, below the configured minimum of ${fmt(minFreeBytes)} (setting storageMinFreeGb)`;
    } else if (maxUsedBytes !== null && usedBytes >= maxUsedBytes) {
      reason = `downloads use ${fmt(usedBytes)}, at or above the configured maximum of ${fmt(maxUsedBytes)} (setting storageMaxUsedGb)`;
    }
    return { paused: reason !== null, reason, freeBytes, usedBytes, minFreeBytes, maxUsedBytes };
  }
}
