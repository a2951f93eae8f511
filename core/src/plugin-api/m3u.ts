/** One line pair of an `.m3u` file. */
export interface M3uEntry {
  /** Relative to the folder of the `.m3u` file, with forward slashes. */
  path: string;
  /** The text after `#EXTINF:<seconds>,`. */
  title: string;
  durationSeconds: number | null;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/**
 * The text of an extended `.m3u` playlist: `#EXTM3U`, an optional `#PLAYLIST:` name, then
 * `#EXTINF:<seconds>,<title>` and the path of every entry (seconds `-1` when unknown). Channel and
 * playlist `.m3u` files are both written with it.
 */
export function m3uText(entries: readonly M3uEntry[], playlistTitle?: string): string {
  const lines = ['#EXTM3U'];
  if (playlistTitle !== undefined) lines.push(`#PLAYLIST:${oneLine(playlistTitle)}`);
  for (const e of entries) {
    const seconds = e.durationSeconds === null ? -1 : Math.round(e.durationSeconds);
    lines.push(`#EXTINF:${seconds},${oneLine(e.title)}`, e.path);
  }
  return `${lines.join('\n')}\n`;
}
