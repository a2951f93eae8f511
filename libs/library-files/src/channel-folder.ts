import { isAbsolute, join, relative, sep } from 'node:path';

/** The folder a subfolder's channels live in: `<output>/__<subfolder>`, or the output itself. */
export const subfolderBase = (outputDir: string, subfolder: string | null): string =>
  subfolder ? join(outputDir, `__${subfolder}`) : outputDir;

/**
 * The channel folder a library file lies in, `<output>/[__<subfolder>/]<channel>`, from its stored
 * path and subfolder; null when the path is not inside that base (moved by hand, another layout).
 */
export function channelDirOf(outputDir: string, filePath: string, subfolder: string | null): string | null {
  const base = subfolderBase(outputDir, subfolder);
  const rel = relative(base, filePath);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  const parts = rel.split(sep);
  // A file directly in the base has no channel folder.
  if (parts.length < 2 || parts[0] === '' || parts[0]!.startsWith('.')) return null;
  return join(base, parts[0]!);
}
