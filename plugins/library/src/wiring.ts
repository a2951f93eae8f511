import {
  channelArtworkProvidersRef,
  channelDirectoriesRef,
  downloadActivityProvidersRef,
  liveHubRef,
  mediaToolsProvidersRef,
  subfolderUsersRef,
  videoLinkProvidersRef,
} from '@vidkeep/contracts';
import type { PluginContext } from '@vidkeep/plugin-kit';
import { sharedFiles } from '@vidkeep/library-files';
import { keepWatchCopy } from '@vidkeep/read-models';
import { LocalLibraryService } from './catalogue/library-service.js';
import type { LibraryDeps } from './catalogue/library-deps.js';
import { VideoLibrary } from './catalogue/video-library.js';
import { VideoPages } from './catalogue/video-pages.js';
import { VideoStore } from './catalogue/video-store.js';
import { ChannelFolderMover } from './channel-folders/channel-move.js';
import { ChannelPosters } from './channel-folders/posters.js';
import { LibraryVideoWatchEntity } from './entities.js';
import { LibraryImporter } from './import/library-import.js';
import { LibraryFileStore } from './rescan/library-file-store.js';
import { FileRescan } from './rescan/rescan.js';
import { FileScans } from './scans/file-scans.js';
import { FileScanStore } from './scans/scan-store.js';
import { SubfolderStore } from './subfolders/subfolder-store.js';
import { SubfolderRegistry } from './subfolders/subfolders.js';

export type LibraryContext = PluginContext;

const NOTHING_ACTIVE: ReadonlyMap<string, { jobId: string; state: 'queued' | 'downloading' }> = new Map();

/**
 * Builds the library's services in dependency order. The downloader's part (what is downloading,
 * ffprobe and ffmpeg) arrives through the library's own extension points; without the downloader
 * nothing is downloading and resolutions stay unknown.
 */
export function wireLibrary(ctx: LibraryContext) {
  const { env } = ctx;
  const outputDir = env.paths.outputDir;
  const { infoDir, archiveFile } = sharedFiles(env.paths);
  const downloads = ctx.resolveAll(downloadActivityProvidersRef);
  const tools = ctx.resolveAll(mediaToolsProvidersRef);
  const artwork = ctx.resolveAll(channelArtworkProvidersRef);
  const directories = ctx.resolveAll(channelDirectoriesRef);
  const linkProviders = ctx.resolveAll(videoLinkProvidersRef);
  const activity = () => downloads.all()[0];
  const activeVideos = () => activity()?.activeVideos() ?? NOTHING_ACTIVE;
  const isActive = (sourceId: string) => activeVideos().has(sourceId);

  // The library's copy of the watched state; a change forgets the remembered totals.
  const watchCopy = keepWatchCopy(ctx, { entity: LibraryVideoWatchEntity, onChange: () => videos.watchChanged() });
  const videos = new VideoStore(ctx.orm, watchCopy);
  const libraryDeps: LibraryDeps = {
    videos,
    activeVideos,
    events: ctx.events,
    outputDir,
    imagesDir: env.paths.imagesDir,
    legacyImagesDir: env.paths.legacyImagesDir,
    infoDir,
    linkProviders: () => linkProviders.all(),
    warn: (message, context) => ctx.logger.warn(context, message),
  };
  const library = new VideoLibrary(libraryDeps);
  const pages = new VideoPages(libraryDeps);
  const mover = new ChannelFolderMover({
    videos,
    outputDir,
    busy: async (channelId) => (await activity()?.hasActiveDownloadsForChannel(channelId)) ?? false,
    exclusive: (work) => activity()?.whileNothingStarts(work) ?? work(),
    events: ctx.events,
    logger: ctx.logger,
  });
  const subfolderNames = new SubfolderStore(ctx.orm);
  const service = new LocalLibraryService({ videos, subfolders: subfolderNames, library, mover });
  // Switching channel posters on gives the folders downloaded before their poster too.
  const posters = new ChannelPosters({ videos, outputDir, artwork: () => artwork.all()[0], logger: ctx.logger });

  // Files on disk (docs/library.md): the rescan, library imports and the subfolder registry.
  const scans = new FileScans({
    store: new FileScanStore(ctx.orm),
    hub: ctx.tryResolve(liveHubRef),
    logger: ctx.logger,
    outputDir,
  });
  const files = new LibraryFileStore(ctx.orm, () => videos.filesWritten());
  // A staging folder inside the output directory that is not hidden is not library content.
  const skipDirs = () => new Set(activity()?.stagingDirectories() ?? []);
  const probe = (file: string) => tools.all()[0]?.resolution(file) ?? Promise.resolve('0x0');
  const registerSubfolders = (names: string[]) => subfolderNames.registerSubfolders(names);
  const rescan = new FileRescan({
    outputDir,
    skipDirs,
    files,
    scans,
    isActive,
    probe,
    events: ctx.events,
    registerSubfolders,
  });
  const importer = new LibraryImporter({
    outputDir,
    skipDirs,
    infoDir,
    imagesDir: env.paths.imagesDir,
    archiveFile,
    files,
    scans,
    probe,
    convertImage: (from, to) => tools.all()[0]?.convertImage(from, to) ?? Promise.resolve(false),
    events: ctx.events,
    registerSubfolders,
    channels: () => directories.all()[0],
    flatLayout: () => ctx.config.read('defaultSkipVideoFolder'),
    isActive,
    logger: ctx.logger,
  });
  const subfolders = new SubfolderRegistry({
    outputDir,
    registry: {
      names: () => subfolderNames.subfolders(),
      register: registerSubfolders,
      unregister: (n) => subfolderNames.unregisterSubfolder(n),
    },
    users: ctx.resolveAll(subfolderUsersRef),
    defaultSubfolder: () => ctx.config.read('defaultSubfolder'),
  });
  return { service, library, pages, posters, scans, rescan, importer, subfolders };
}
