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

/** A subscribed channel's auto-removal settings (spec 2.3). */
export interface ChannelRetentionSettings {
  channelId: string;
  /** `auto_removal_protected`: none of the channel's videos is removed automatically. */
  protected: boolean;
  /** `auto_removal_keep_recent_count`: its this many most recent downloads are always kept (null: no such guard). */
  keepRecentCount: number | null;
}

/**
 * Provided by the channels plugin: the auto-removal settings of every subscribed channel. The
 * settings of a channel nobody is subscribed to (removed, or hidden for a playlist) are dormant
 * (spec 2.3) and not listed.
 */
export interface ChannelRetention {
  retentionSettings(): Promise<ChannelRetentionSettings[]>;
}

export const channelRetentionRef = serviceRef<ChannelRetention>('channels.retention');
