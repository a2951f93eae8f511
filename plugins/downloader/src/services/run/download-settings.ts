import {
  sanitizeFileName,
  subfolderProblem,
  type AudioFormat,
  type ChannelDownloadSettings,
  type DownloaderConfigSection,
  type JobOptions,
  type Resolution,
} from '@vidkeep/contracts';

/**
 * What a job's own options, its channel's settings and the configuration decide together, in
 * that order of precedence. Pure, so every combination is tested without a download.
 */

/** Quality and audio of a job's downloads (the owner channel's settings apply even while it is disabled). */
export function formatSettings(
  options: JobOptions,
  owner: ChannelDownloadSettings | null,
  config: Pick<DownloaderConfigSection, 'preferredResolution'>,
): { resolution: Resolution; audioFormat: AudioFormat | null } {
  return {
    resolution: options.resolution ?? owner?.videoQuality ?? config.preferredResolution,
    audioFormat: options.audioFormat !== undefined ? options.audioFormat : (owner?.audioFormat ?? null),
  };
}

export interface FolderSettings {
  /** A valid subfolder name, or null (an invalid stored name falls back to none). */
  subfolder: string | null;
  skipVideoFolder: boolean;
  /** The channel's own folder name, made one safe path segment; null: the uploader's name. */
  channelFolder: string | null;
  additionalTags: string[];
}

/** Where a finished video goes and which tags it gets; only an enabled channel's settings apply. */
export function folderSettings(
  options: JobOptions,
  channel: ChannelDownloadSettings | null,
  config: Pick<DownloaderConfigSection, 'defaultSubfolder' | 'defaultSkipVideoFolder'>,
): FolderSettings {
  const active = channel?.enabled ? channel : null;
  // A hard override, then the subscribed channel, then a soft fallback (a playlist's default,
  // reference 6.3), then the global default.
  const fallback =
    options.fallbackSubfolder !== undefined ? options.fallbackSubfolder : config.defaultSubfolder || null;
  const subfolder = options.subfolder !== undefined ? options.subfolder : (active?.subfolder ?? fallback);
  const tags = options.additionalTags ?? active?.additionalTags ?? null;
  return {
    subfolder: subfolder && !subfolderProblem(subfolder) ? subfolder : null,
    skipVideoFolder: options.skipVideoFolder ?? active?.skipVideoFolder ?? config.defaultSkipVideoFolder,
    channelFolder: active?.folderName ? sanitizeFileName(active.folderName) : null,
    additionalTags: tags
      ? tags
          .split('|')
          .map((t) => t.trim())
          .filter(Boolean)
      : [],
  };
}
