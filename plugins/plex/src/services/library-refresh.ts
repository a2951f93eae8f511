import type { JobFinishedPayload, PluginLogger, VideoDownloadedPayload, VideosMovedPayload } from '@vidkeep/contracts';
import type { PlexServerApi } from './server-api.js';
import { baseUrlOf, isConfigured, refreshTargets, type DownloadedFile, type PlexSettings } from './settings.js';

/**
 * Reference 8.10: new downloads show up in Plex because each finished job asks the libraries
 * its files belong to (per-subfolder mapping, else the default library) to scan the folders
 * that received files. Files are collected per job and refreshed once when the job finishes;
 * a failure is logged and never reaches the download.
 */
export class LibraryRefresher {
  private readonly pending = new Map<string, DownloadedFile[]>();

  constructor(
    private readonly deps: {
      api: PlexServerApi;
      settings: () => PlexSettings;
      outputDir: string;
      logger: PluginLogger;
    },
  ) {}

  downloaded(e: VideoDownloadedPayload): void {
    const files = this.pending.get(e.jobId) ?? [];
    for (const path of [e.filePath, e.audioFilePath]) if (path) files.push({ subfolder: e.subfolder, path });
    this.pending.set(e.jobId, files);
  }

  async jobFinished(e: JobFinishedPayload): Promise<void> {
    const files = this.pending.get(e.jobId);
    this.pending.delete(e.jobId);
    if (!files?.length) return;
    await this.refresh(files);
  }

  /**
   * A channel's folder moved to another subfolder: the libraries of the old place (the items
   * there are gone) and of the new one (reference 8.10: "subfolder moves refresh both").
   */
  async moved(e: VideosMovedPayload): Promise<void> {
    const files: DownloadedFile[] = [];
    for (const v of e.videos) {
      for (const path of [v.previousFilePath, v.previousAudioFilePath])
        if (path) files.push({ subfolder: e.fromSubfolder, path });
      for (const path of [v.filePath, v.audioFilePath]) if (path) files.push({ subfolder: e.toSubfolder, path });
    }
    if (files.length) await this.refresh(files);
  }

  /** Refreshes what these files need; returns the libraries asked (for `/refreshlibrary`'s message). */
  async refresh(files: readonly DownloadedFile[] | null): Promise<string[]> {
    const s = this.deps.settings();
    const baseUrl = baseUrlOf(s);
    if (!baseUrl || !isConfigured(s)) return [];
    const targets = files
      ? refreshTargets(files, s, this.deps.outputDir)
      : s.plexSourceLibraryId
        ? [{ libraryId: s.plexSourceLibraryId, paths: null }]
        : [];
    const conn = { baseUrl, token: s.plexApiKey };
    const asked: string[] = [];
    for (const t of targets) {
      try {
        for (const path of t.paths ?? [undefined]) await this.deps.api.refresh(conn, t.libraryId, path);
        asked.push(t.libraryId);
      } catch (err) {
        if (!files) throw err;
        this.deps.logger.warn({ libraryId: t.libraryId, err: (err as Error).message }, 'Plex library refresh failed');
      }
    }
    return asked;
  }
}
