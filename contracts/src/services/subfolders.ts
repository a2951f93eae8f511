import { multiServiceRef } from './ref.js';

/**
 * One plugin's use of download subfolders (an extension point the downloader reads for the
 * subfolder registry, `GET /api/subfolders`): the channels plugin contributes its subscribed
 * channels, the playlists plugin its followed playlists, the Plex-type plugin its library
 * mappings. The downloader never names them; a plugin switched off drops out at once.
 */
export interface SubfolderUser {
  /** The field of a subfolder's `usage` this fills, e.g. `channels` or `plexMapped`. */
  readonly field: string;
  /** `count`: the field says how many use it; `flag`: true when any does. */
  readonly kind: 'count' | 'flag';
  /** Plain words for `count` users of one subfolder, e.g. `2 subscribed channels`. */
  describe(count: number): string;
  /** How many of the plugin's things use each subfolder (names without `__`); absent = none. */
  usage(): Promise<ReadonlyMap<string, number>>;
}

export const subfolderUsersRef = multiServiceRef<SubfolderUser>('downloader.subfolderUsers');

/** How many times each subfolder name occurs (null and empty = the root, not counted): a `usage()` helper. */
export function countSubfolders(names: Iterable<string | null | undefined>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}
