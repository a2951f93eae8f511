import type { EventBus, VideoLinkProvider } from '@vidkeep/contracts';
import type { VideoStore } from './video-store.js';

/** What the library's catalogue services (`VideoLibrary`, `VideoPages`, the rating writer) need. */
export interface LibraryDeps {
  videos: VideoStore;
  /** What is queued or downloading now (the downloader's contribution; empty without one). */
  activeVideos: () => ReadonlyMap<string, { jobId: string; state: 'queued' | 'downloading' }>;
  events: EventBus;
  outputDir: string;
  imagesDir: string;
  /** Where an earlier version kept posters (`RuntimePaths.legacyImagesDir`): still read, never written. */
  legacyImagesDir?: string | null;
  /** Where the info.json of each download is kept (`<jobsDir>/info`). */
  infoDir?: string;
  /** The plugins that say where a video appears (`videoLinkProvidersRef`), live. */
  linkProviders?: () => readonly VideoLinkProvider[];
  /** Logs what did not work but is not the caller's failure. */
  warn?: (message: string, context: Record<string, unknown>) => void;
}
