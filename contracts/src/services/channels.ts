import type { AudioFormat, Resolution } from '../config/downloader.js';
import { serviceRef } from './ref.js';

/** The uploader of a video, as a playlist listing names it. */
export interface UploaderChannel {
  channelId: string;
  name: string | null;
}

/** The settings a channel created for a playlist's video starts with (the playlist's own). */
export interface HiddenChannelSeed {
  subfolder: string | null;
  videoQuality: Resolution | null;
  audioFormat: AudioFormat | null;
  /** Copied as text; the channel applies it with its own (case-sensitive) matching. */
  titleFilterRegex: string | null;
}

/**
 * Provided by the channels plugin: channels that other plugins need to exist. Videos of a
 * followed playlist are filed under their uploader's channel (spec 1.1); an uploader nobody
 * subscribed to becomes a hidden channel (not enabled), seeded from the playlist.
 */
export interface ChannelDirectory {
  /**
   * Creates a hidden channel for every id not known yet, seeded with `seed`. Known channels
   * (subscribed, hidden or removed) are left exactly as they are: no setting changes and no
   * folder is renamed or moved. Resolves to the ids it created.
   */
  ensureChannels(channels: UploaderChannel[], seed: HiddenChannelSeed): Promise<string[]>;
}

export const channelDirectoryRef = serviceRef<ChannelDirectory>('channels.directory');
