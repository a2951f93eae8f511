/** A channel's `.m3u` playlist files, written from what the library holds of it. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { LibraryService } from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';

/**
 * Writes `<channel folder>/<channel folder>.m3u` with the channel's downloaded files (relative
 * paths, `#EXTINF` with duration and title), sorted by publication date as the channel asks.
 * Removes the file when m3u is off or nothing is downloaded.
 */
export async function writeChannelM3u(
  row: ChannelRow,
  library: Pick<LibraryService, 'channelVideos'>,
  outputDir: string,
): Promise<string[]> {
  const downloads = await library.channelVideos(row.channelId);
  const groups = new Map<string, { path: string; title: string; duration: number | null; date: string }[]>();
  for (const d of downloads) {
    const file = d.filePath ?? d.audioFilePath;
    if (d.removed || !file) continue;
    const abs = isAbsolute(file) ? file : join(outputDir, file);
    const rel = relative(outputDir, abs).split(sep);
    if (rel[0] === '..' || rel.length < 2) continue;
    // A subfolder's channels live in `__<subfolder>/<channel>/`.
    const base = d.subfolder && rel[0] === `__${d.subfolder}` && rel.length > 2 ? 2 : 1;
    const dir = join(outputDir, ...rel.slice(0, base));
    const list = groups.get(dir) ?? [];
    list.push({
      path: relative(dir, abs).split(sep).join('/'),
      title: d.title,
      duration: d.duration,
      date: `${d.uploadDate ?? '99999999'}${d.downloadedAt.toISOString()}`,
    });
    groups.set(dir, list);
  }
  const written: string[] = [];
  for (const [dir, items] of groups) {
    const file = join(dir, `${basename(dir)}.m3u`);
    if (!row.m3uEnabled) {
      await rm(file, { force: true });
      continue;
    }
    items.sort((a, b) =>
      row.m3uSortOrder === 'newest_first' ? b.date.localeCompare(a.date) : a.date.localeCompare(b.date),
    );
    const body =
      [
        '#EXTM3U',
        ...items.flatMap((i) => [`#EXTINF:${i.duration ?? -1},${i.title.replace(/[\r\n]+/g, ' ')}`, i.path]),
      ].join('\n') + '\n';
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
    written.push(file);
  }
  return written;
}
