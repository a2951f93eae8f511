/**
 * Rules every media-server plugin follows to find the files vidkeep wrote among the items a
 * server indexed (spec 1.1: "files resolved to server items after a scan with bounded back-off").
 * Pure: the plugins pass their server calls in. A lib, because the plugins of every kind need
 * the same answers and plugins never import each other.
 */

import type { LocalFile } from '@vidkeep/contracts';

/** An item the server indexed, with the path as the server sees it. */
export interface ServerFile {
  id: string;
  path: string;
}

const segmentsOf = (path: string): string[] => path.split(/[\\/]+/).filter(Boolean);

/** How many trailing segments two split paths share. */
function sharedTail(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/**
 * The server item of each local file (local path → item id). The server often mounts the output
 * folder under another path (`/media/videos` for vidkeep's `/data`), so files match by name and
 * then by the most trailing folders shared with their path relative to the output directory; a
 * server path that equals the local path wins outright. Windows servers write `\`: both separators
 * split. Unmatched files are absent from the map.
 */
export function matchServerFiles(local: readonly LocalFile[], server: readonly ServerFile[]): Map<string, string> {
  const byName = new Map<string, { id: string; path: string; segments: string[] }[]>();
  for (const item of server) {
    const segments = segmentsOf(item.path);
    const name = segments.at(-1);
    if (!name) continue;
    const list = byName.get(name) ?? [];
    list.push({ id: item.id, path: item.path, segments });
    byName.set(name, list);
  }
  const found = new Map<string, string>();
  for (const file of local) {
    const wanted = segmentsOf(file.relativePath);
    const before = file.movedFromRelativePath ? segmentsOf(file.movedFromRelativePath) : null;
    const candidates = byName.get(wanted.at(-1) ?? '');
    if (!candidates) continue;
    let best: { id: string; score: number } | null = null;
    for (const c of candidates) {
      // A moved file's item at its old place (the whole old path matches, the new one does not):
      // the server has not rescanned yet and will drop that item.
      if (
        before &&
        c.path !== file.path &&
        sharedTail(c.segments, before) >= before.length &&
        sharedTail(c.segments, wanted) < wanted.length
      )
        continue;
      const score = c.path === file.path ? Infinity : sharedTail(c.segments, wanted);
      if (!best || score > best.score) best = { id: c.id, score };
    }
    if (best) found.set(file.path, best.id);
  }
  return found;
}

/** The reference product's waits between lookups after a scan request, in seconds (67 s in all). */
const BACKOFF_STEPS = [2, 5, 10, 20, 30];

/** The waits between lookups for a total budget (about a minute in production, milliseconds in tests). */
export function scanBackoffDelays(budgetMs: number): number[] {
  const total = BACKOFF_STEPS.reduce((a, b) => a + b, 0);
  return BACKOFF_STEPS.map((s) => Math.round((s * Math.max(0, budgetMs)) / total));
}

/** A library as far as scanning is concerned: its id and its folders as the server sees them. */
export interface ScannableLibrary {
  id: string;
  locations: readonly string[];
}

/**
 * How to ask a server to index new files: by path when the file lies in one of the libraries'
 * folders (the server sees the output directory under the same path), otherwise by rescanning
 * the given libraries whole (the cheapest call that still finds a file the server sees elsewhere).
 */
export function scanPlan(
  paths: readonly string[],
  libraries: readonly ScannableLibrary[],
): { paths: string[]; libraryIds: string[] } {
  const inside = (path: string, folder: string) => {
    const base = folder.replace(/[\\/]+$/, '');
    return path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}\\`);
  };
  const byPath = paths.filter((p) => libraries.some((l) => l.locations.some((loc) => inside(p, loc))));
  const elsewhere = byPath.length < paths.length;
  return { paths: byPath, libraryIds: elsewhere ? libraries.map((l) => l.id) : [] };
}

/** Steps of a lookup with back-off; `sleep` rejects when the sync is aborted. */
export interface ResolveSteps {
  /** Looks the files up now (one listing of the libraries). */
  lookup(files: readonly LocalFile[]): Promise<Map<string, string>>;
  /** Asks the server to index the files that were not found. */
  scan(missing: readonly LocalFile[]): Promise<void>;
  sleep(ms: number): Promise<void>;
  /** Waits between lookups after the scan request (`scanBackoffDelays`). */
  delays: readonly number[];
}

/**
 * Resolves files to server items: one lookup; if some are missing, a scan request, then lookups
 * after each wait until every file is found or the waits run out. Each round asks again only for
 * what is still missing. Returns what was found (local path → item id).
 */
export async function resolveAfterScan(files: readonly LocalFile[], steps: ResolveSteps): Promise<Map<string, string>> {
  const found = await steps.lookup(files);
  let missing = files.filter((f) => !found.has(f.path));
  if (missing.length === 0) return found;
  await steps.scan(missing);
  for (const delay of steps.delays) {
    await steps.sleep(delay);
    for (const [path, id] of await steps.lookup(missing)) found.set(path, id);
    missing = missing.filter((f) => !found.has(f.path));
    if (missing.length === 0) break;
  }
  return found;
}

/** The name of a published playlist on every server kind (the reference product's). */
export const serverPlaylistName = (title: string): string => `YT: ${title}`;
