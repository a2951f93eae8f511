import { join } from 'node:path';

/**
 * Files the downloader writes and the library reads, at one place both agree on: each download's
 * info.json (`<jobsDir>/info`) and yt-dlp's download archive (`<configDir>/complete.list`), to
 * which a library import adds the ids it imported.
 */
export function sharedFiles(paths: { jobsDir: string; configDir: string }): { infoDir: string; archiveFile: string } {
  return { infoDir: join(paths.jobsDir, 'info'), archiveFile: join(paths.configDir, 'complete.list') };
}
