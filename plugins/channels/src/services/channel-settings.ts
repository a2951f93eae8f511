import {
  ChannelErrorCodes as E,
  ConflictError,
  InvalidInputError,
  type ChannelDownloadSettings,
  type ChannelFolderMoveResult,
  type ChannelSettingsProvider,
  type ChannelSettingsUpdate,
  type ChannelSettingsUpdateResponse,
  type DownloadQueueService,
  type LibraryService,
} from '@vidkeep/contracts';
import { compileTitleFilter, FilterTimeoutError, matchTitles } from '@vidkeep/plugin-kit';
import type { ChannelRow } from '../entities.js';
import { requireChannel } from './channel-lookup.js';
import type { ChannelStore } from './channel-store.js';
import {
  changesSubfolder,
  downloadSettingsOf,
  invalidSettings,
  toSettings,
  validateSettings,
  type SettingsPatch,
} from './settings.js';
import type { ChannelVideoStore } from './video-store.js';

export interface SettingsDeps {
  store: Pick<ChannelStore, 'byChannelId' | 'update' | 'subFolders'>;
  videos: Pick<ChannelVideoStore, 'recent'>;
  downloads: () => DownloadQueueService;
  library: () => LibraryService;
  /** The downloader's default subfolder (its setting), offered among the subfolders. */
  defaultSubfolder: () => string;
  /** Writes the channel's `.m3u` file again (or deletes it when turned off). */
  writeM3u: (channel: ChannelRow) => Promise<unknown>;
}

/** A channel's settings; also what the downloader asks while it files a channel's videos. */
export class ChannelSettingsService implements ChannelSettingsProvider {
  constructor(private readonly deps: SettingsDeps) {}

  async settingsFor(channelId: string): Promise<ChannelDownloadSettings | null> {
    const row = await this.deps.store.byChannelId(channelId);
    return row ? downloadSettingsOf(row) : null;
  }

  async get(channelId: string) {
    return toSettings(await requireChannel(this.deps.store, channelId));
  }

  /**
   * Applies a settings change when every rule holds (all problems are reported at once). A new
   * subfolder moves the channel's folder with it (reference 1.4): the downloader moves the files
   * and its records first (refused with 409 while the channel downloads); should saving the
   * setting then fail, the folder is moved back, so files and setting never disagree.
   */
  async put(channelId: string, input: ChannelSettingsUpdate): Promise<ChannelSettingsUpdateResponse> {
    const row = await requireChannel(this.deps.store, channelId);
    const v = validateSettings(row, input);
    if (!v.ok) throw invalidSettings(v.errors);
    const patch = v.patch;
    await this.assertSubfolderChangeAllowed(row, patch);
    const library = this.deps.library();
    let moveResult: ChannelFolderMoveResult | null = null;
    if (changesSubfolder(row, patch)) {
      moveResult = await library.moveChannelFolder({
        channelId: row.channelId,
        from: row.subFolder,
        to: patch.subFolder ?? null,
      });
    }
    try {
      await this.deps.store.update(row.id, patch);
    } catch (err) {
      if (moveResult && moveResult.folders.length > 0)
        await library.moveChannelFolder({
          channelId: row.channelId,
          from: patch.subFolder ?? null,
          to: row.subFolder,
        });
      throw err;
    }
    if (patch.subFolder) await library.registerSubfolders([patch.subFolder]);
    const moved = (moveResult?.folders.length ?? 0) > 0;
    if (moved || input.m3u_enabled !== undefined || input.m3u_sort_order !== undefined) {
      await this.deps.writeM3u(await requireChannel(this.deps.store, channelId));
    }
    return { settings: toSettings({ ...row, ...patch }), folderMoved: moved, moveResult };
  }

  /** A subfolder cannot change under running downloads: their files would be split between two folders. */
  async assertSubfolderChangeAllowed(row: ChannelRow, patch: SettingsPatch): Promise<void> {
    if (changesSubfolder(row, patch) && (await this.deps.downloads().hasActiveDownloadsForChannel(row.channelId))) {
      throw new ConflictError(
        E.downloadsInProgress,
        `The subfolder of ${row.title} cannot change while its downloads are in progress; try again when they finish`,
      );
    }
  }

  /** Subfolder names in use: the downloader's registry, the channels' own, and the global default. */
  async subfolders(): Promise<string[]> {
    const [registry, channels] = await Promise.all([
      this.deps.library().listSubfolders(),
      this.deps.store.subFolders(),
    ]);
    const def = this.deps.defaultSubfolder();
    return [...new Set([...registry, ...channels, ...(def ? [def] : [])])].sort((a, b) => a.localeCompare(b));
  }

  /** Which of the channel's 50 newest known videos a title filter would match. */
  async filterPreview(channelId: string, pattern: string | undefined) {
    const row = await requireChannel(this.deps.store, channelId);
    const compiled = compileTitleFilter(pattern);
    if (!compiled.ok) throw new InvalidInputError(E.invalidRegex, compiled.error);
    const recent = await this.deps.videos.recent(row.channelId, 50);
    let matches: boolean[];
    try {
      matches = await matchTitles(
        compiled.filter,
        recent.map((v) => v.title),
      );
    } catch (err) {
      if (err instanceof FilterTimeoutError) throw new InvalidInputError(E.invalidRegex, err.message);
      throw err;
    }
    const list = recent.map((v, i) => ({
      sourceId: v.sourceId,
      title: v.title,
      publishedAt: v.publishedAtSource !== 'estimated' && v.publishedAt ? v.publishedAt.toISOString() : null,
      matches: matches[i] ?? false,
    }));
    return { videos: list, totalCount: list.length, matchCount: list.filter((v) => v.matches).length };
  }
}
