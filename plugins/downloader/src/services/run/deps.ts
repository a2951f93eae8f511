import type {
  ChannelArtwork,
  ChannelSettingsProvider,
  DownloaderConfigSection,
  EventBus,
  LibraryService,
  LiveHub,
  PluginLogger,
} from '@vidkeep/contracts';
import type { ActivityTracker } from '../activity.js';
import type { CookieFile } from '../cookies.js';
import type { JobStore } from '../job-store.js';
import type { MetadataService } from '../metadata.js';
import type { PlatformGate } from '../polite/gate.js';
import type { ToolLocator } from '../tools.js';

/** Where a job's files go. */
export interface RunPaths {
  outputDir: string;
  stagingBase: string;
  infoDir: string;
  imagesDir: string;
  archiveFile: string;
}

/** What running a download job needs from the plugin. */
export interface JobRunDeps {
  config: () => DownloaderConfigSection;
  store: JobStore;
  library: LibraryService;
  tools: ToolLocator;
  activity: ActivityTracker;
  hub: LiveHub | undefined;
  events: EventBus;
  logger: PluginLogger;
  channelSettings: () => ChannelSettingsProvider | undefined;
  /** The channels plugin's pictures of channels, for `poster.jpg` (none without that plugin). */
  channelArtwork: () => ChannelArtwork | undefined;
  env: NodeJS.ProcessEnv;
  paths: RunPaths;
  /** Decides whether the job's yt-dlp gets (a copy of) the user's cookie file. */
  cookies: Pick<CookieFile, 'lease'>;
  /** Called with the job's id after each state change worth showing. */
  onJobChanged: (jobId: string) => void;
  /** Without a new byte for this long a download shows it is stalled (default 15 s). */
  stallNoticeMs?: number;
  /** The door to the platform: its budget and cool-down (none in tests that build a run alone). */
  gate?: PlatformGate;
  /** Learns each video's info as yt-dlp writes it, so requests need not look it up again. */
  metadata?: Pick<MetadataService, 'provide' | 'abandon'>;
}
