/**
 * Finding the server's item for a file, without I/O. Plex has no path filter (external-apis.md
 * 1.6): the plugin lists the libraries and compares `Media/Part@file`. The server may see the
 * output directory under another mount path (a container, a Windows share), so files match by
 * base name, and when several items share it, by the longest run of equal trailing folders.
 */
export interface IndexedItem {
  ratingKey: string;
  files: readonly string[];
}

const segments = (path: string) => path.split(/[\\/]+/).filter(Boolean);

/** How many trailing path segments two paths share (the base name counts as one). */
export function sharedTail(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** The rating key of each wanted path that some item holds; unmatched paths are absent. */
export function matchFiles(wanted: readonly string[], items: readonly IndexedItem[]): Map<string, string> {
  const byName = new Map<string, { ratingKey: string; parts: string[] }[]>();
  for (const item of items) {
    for (const file of item.files) {
      const parts = segments(file);
      const name = parts.at(-1);
      if (!name) continue;
      const list = byName.get(name) ?? [];
      list.push({ ratingKey: item.ratingKey, parts });
      byName.set(name, list);
    }
  }
  const found = new Map<string, string>();
  for (const path of wanted) {
    const parts = segments(path);
    const candidates = byName.get(parts.at(-1) ?? '');
    if (!candidates) continue;
    let best = candidates[0]!;
    for (const c of candidates) if (sharedTail(parts, c.parts) > sharedTail(parts, best.parts)) best = c;
    found.set(path, best.ratingKey);
  }
  return found;
}
