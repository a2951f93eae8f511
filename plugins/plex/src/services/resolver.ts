import { setTimeout as sleep } from 'node:timers/promises';
import { type PlaylistMediaType } from '@vidkeep/contracts';
import { matchServerFiles } from '@vidkeep/media-server-common';
import type { Conn, PlexSection, PlexServerApi } from './server-api.js';

/** Library kinds that hold each playlist type: videos in movie ("Other videos") and show sections, mp3s in music ones. */
const SECTION_TYPES: Record<PlaylistMediaType, readonly string[]> = { video: ['movie', 'show'], audio: ['artist'] };

export interface Resolution {
  /** Rating key per resolved path. */
  keys: Map<string, string>;
  /** How many libraries of the type the server has (0: nothing can ever resolve). */
  libraries: number;
}

/**
 * Turns files into the server's items (spec 1.1): list the libraries of the playlist's type and
 * match files; what is missing gets a scan and more looks after each pause of a bounded
 * back-off (the reference's 2, 5, 10, 20, 30 s: about a minute). Audio playlists scan the music
 * libraries first, as the spec asks. Each round lists the libraries again (Plex has no path
 * filter) but only looks for what is still missing.
 */
export class ItemResolver {
  constructor(
    private readonly api: PlexServerApi,
    /** Pauses between looks, in milliseconds. */
    private readonly backoffMs: readonly number[],
  ) {}

  async resolve(conn: Conn, paths: readonly string[], mediaType: PlaylistMediaType): Promise<Resolution> {
    const sections = (await this.api.sections(conn)).filter((s) => SECTION_TYPES[mediaType].includes(s.type));
    const keys = new Map<string, string>();
    if (sections.length === 0) return { keys, libraries: 0 };
    let scanned = false;
    if (mediaType === 'audio') scanned = await this.scan(conn, sections);
    await this.look(conn, sections, paths, keys);
    for (const pause of this.backoffMs) {
      if (keys.size === paths.length) break;
      if (!scanned) scanned = await this.scan(conn, sections);
      await sleep(pause, undefined, { signal: conn.signal });
      await this.look(conn, sections, paths, keys);
    }
    return { keys, libraries: sections.length };
  }

  private async scan(conn: Conn, sections: readonly PlexSection[]): Promise<true> {
    for (const s of sections) await this.api.refresh(conn, s.key);
    return true;
  }

  private async look(
    conn: Conn,
    sections: readonly PlexSection[],
    paths: readonly string[],
    keys: Map<string, string>,
  ): Promise<void> {
    const missing = paths.filter((p) => !keys.has(p));
    for (const section of sections) {
      // Plex has no path filter (external-apis.md 1.6): list the section and match Media/Part@file
      // with the rule every kind shares (by name, then the most trailing folders in common).
      const items = (await this.api.items(conn, section)).flatMap((i) =>
        i.files.map((file) => ({ id: i.ratingKey, path: file })),
      );
      const found = matchServerFiles(
        missing.map((path) => ({ path, relativePath: path })),
        items,
      );
      for (const [path, key] of found) if (!keys.has(path)) keys.set(path, key);
      if (keys.size === paths.length) return;
    }
  }
}
