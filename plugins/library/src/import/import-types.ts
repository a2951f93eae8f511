import type { ChannelDirectory, EventBus, ImportAction, PluginLogger } from '@vidkeep/contracts';
import type { ImportedRecord, KnownRecord, LibraryFileStore } from '../rescan/library-file-store.js';
import type { FileScans } from '../scans/file-scans.js';
import type { FoundVideo, recordFields } from './import-plan.js';

/** A video found in the folder with what the import would do with it. */
export interface Planned extends FoundVideo {
  action: ImportAction;
  known: KnownRecord | null;
  fields: ReturnType<typeof recordFields>;
  /** With `move`: the folder its files go to. */
  target: string | null;
}

/** A video whose record is written. */
export interface Saved {
  planned: Planned;
  record: ImportedRecord;
  videoId: number;
}

/** What a library import needs (built in the plugin's wiring). */
export interface ImportDeps {
  outputDir: string;
  /** Folders no import may read (staging inside the output directory). */
  skipDirs: () => ReadonlySet<string>;
  /** Where the service keeps each video's info.json (`<jobsDir>/info`). */
  infoDir: string;
  imagesDir: string;
  /** yt-dlp's download archive (`complete.list`): imported ids are added, so yt-dlp skips them. */
  archiveFile: string;
  files: LibraryFileStore;
  scans: FileScans;
  probe: (file: string) => Promise<string>;
  /** Converts a WebP or PNG thumbnail to JPEG with ffmpeg; false when it could not. */
  convertImage: (from: string, to: string) => Promise<boolean>;
  events: EventBus;
  registerSubfolders: (names: string[]) => Promise<void>;
  /** The channels plugin's directory, when it runs: unknown channels become hidden channels. */
  channels: () => ChannelDirectory | undefined;
  /** The flat layout (`defaultSkipVideoFolder`) for moved files. */
  flatLayout: () => boolean;
  isActive: (sourceId: string) => boolean;
  logger: PluginLogger;
}
