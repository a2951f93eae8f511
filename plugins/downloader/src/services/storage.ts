import { statfs } from 'node:fs/promises';
import type { DownloaderConfigSection, StorageStatus } from '@vidkeep/contracts';
import type { VideoStore } from './video-store.js';

const GB = 1024 ** 3;
const fmt = (bytes: number) => `${(bytes / GB).toFixed(1)} GB`;

/** Storage limits (spec 8): a configured minimum free space or maximum used size pauses downloads. */
export class StorageGuard {
  constructor(
    private readonly outputDir: string,
    private readonly config: () => DownloaderConfigSection,
    private readonly videos: VideoStore,
  ) {}

  async status(): Promise<StorageStatus> {
    const { storageMinFreeGb, storageMaxUsedGb } = this.config();
    let freeBytes: number | null = null;
    try {
      const s = await statfs(this.outputDir);
      freeBytes = Number(s.bavail) * Number(s.bsize);
    } catch {
      freeBytes = null; // not created yet: nothing to measure
    }
    const usedBytes = await this.videos.usedBytes();
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
