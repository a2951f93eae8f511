import { refreshPlan, type PluginLogger } from '@vidkeep/contracts';
import type { JellyfinClient } from './client.js';
import type { JellyfinSettings } from './settings.js';

/** Files one job wrote, by type. */
interface Written {
  video: Set<string>;
  audio: Set<string>;
}

/**
 * Makes new downloads show up in Jellyfin: collects the files of each job as they are downloaded
 * and, when the job finishes, asks Jellyfin to index them (one request per job). Never throws and
 * is never awaited by a download: a failure is a warning in the log.
 */
export class LibraryRefresher {
  private readonly pending = new Map<string, Written>();

  constructor(
    private readonly deps: {
      settings: () => JellyfinSettings;
      configured: () => boolean;
      client: () => JellyfinClient;
      logger: PluginLogger;
      signal: AbortSignal;
    },
  ) {}

  downloaded(jobId: string, files: { video: string | null; audio: string | null }): void {
    const written = this.pending.get(jobId) ?? { video: new Set(), audio: new Set() };
    if (files.video) written.video.add(files.video);
    if (files.audio) written.audio.add(files.audio);
    this.pending.set(jobId, written);
  }

  async jobFinished(jobId: string): Promise<void> {
    const written = this.pending.get(jobId);
    this.pending.delete(jobId);
    if (!written || !this.deps.configured()) return;
    const { signal, logger } = this.deps;
    try {
      const client = this.deps.client();
      const files = { video: [...written.video], audio: [...written.audio] };
      const plan = refreshPlan(files, await client.libraries(signal), this.deps.settings().jellyfinVideoLibraryIds);
      if (plan.paths.length) await client.mediaUpdated(plan.paths, signal);
      for (const id of plan.libraryIds) await client.refreshLibrary(id, signal);
      logger.info(
        { jobId, files: plan.paths.length, libraries: plan.libraryIds },
        'Asked Jellyfin to index new downloads',
      );
    } catch (err) {
      if (signal.aborted) return;
      logger.warn({ jobId, err: (err as Error).message }, 'Could not ask Jellyfin to index new downloads');
    }
  }
}
