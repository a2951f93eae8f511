import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { idInName, infoJsonName, mediaKind, type MediaKind } from './media-files.js';

/** A media file found on disk. */
export interface WalkedFile {
  /** Absolute path. */
  path: string;
  dir: string;
  name: string;
  size: number;
  kind: MediaKind;
  /** The id in the file name (`[<id>]`), if any. */
  nameId: string | null;
  /** `<name>.info.json` beside it, when that file exists (absolute path). */
  infoJson: string | null;
}

export interface WalkOptions {
  /** Folders not to enter (absolute paths), e.g. a staging folder inside the output directory. */
  skipDirs?: ReadonlySet<string>;
  signal?: AbortSignal;
  /** Called after each folder with the number of folders read so far. */
  onFolder?: (folders: number) => void;
  /** Folders read at the same time (default 8; the reads run on libuv's thread pool). */
  concurrency?: number;
}

export interface WalkResult {
  files: WalkedFile[];
  folders: number;
  /** Folders that could not be read, with the reason. */
  errors: { path: string; message: string }[];
}

/** Files stat'ed at the same time within one folder. */
const STAT_BATCH = 64;

/**
 * Every media file below `root`, with its size. Reads folders only (`readdir` with types) and
 * stats media files only: nothing is opened. Hidden entries (names starting with `.`: staging,
 * partial files) and symbolic links are skipped, so a walk never leaves `root` through a link.
 * Runs several folders at once; between folders it awaits, so it never holds the event loop.
 */
export async function walkMedia(root: string, options: WalkOptions = {}): Promise<WalkResult> {
  const { skipDirs, signal, onFolder } = options;
  const files: WalkedFile[] = [];
  const errors: WalkResult['errors'] = [];
  const queue: string[] = [root];
  let folders = 0;
  let active = 0;

  const readFolder = async (dir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      errors.push({ path: dir, message: (err as Error).message });
      return;
    }
    const names = new Set<string>();
    const media: { name: string; kind: MediaKind }[] = [];
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) {
        const sub = join(dir, e.name);
        if (!skipDirs?.has(sub)) queue.push(sub);
      } else if (e.isFile()) {
        names.add(e.name);
        const kind = mediaKind(e.name);
        if (kind) media.push({ name: e.name, kind });
      }
    }
    for (let i = 0; i < media.length; i += STAT_BATCH) {
      const batch = media.slice(i, i + STAT_BATCH);
      const sizes = await Promise.all(
        batch.map((m) =>
          stat(join(dir, m.name)).then(
            (s) => s.size,
            (err: Error) => {
              errors.push({ path: join(dir, m.name), message: err.message });
              return null;
            },
          ),
        ),
      );
      batch.forEach((m, k) => {
        const size = sizes[k];
        if (size === null || size === undefined) return;
        const info = infoJsonName(m.name);
        files.push({
          path: join(dir, m.name),
          dir,
          name: m.name,
          size,
          kind: m.kind,
          nameId: idInName(m.name),
          infoJson: names.has(info) ? join(dir, info) : null,
        });
      });
    }
  };

  await new Promise<void>((resolve, reject) => {
    const limit = Math.max(1, options.concurrency ?? 8);
    const pump = () => {
      if (signal?.aborted) {
        if (active === 0) reject(signal.reason instanceof Error ? signal.reason : new Error('The walk was stopped'));
        return;
      }
      while (active < limit && queue.length > 0) {
        const dir = queue.pop()!;
        active++;
        readFolder(dir).then(
          () => {
            active--;
            folders++;
            onFolder?.(folders);
            pump();
          },
          (err: unknown) => {
            active--;
            reject(err as Error);
          },
        );
      }
      if (active === 0 && queue.length === 0) resolve();
    };
    pump();
  });
  // Folder order depends on timing; callers get a stable order.
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, folders, errors };
}
