import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { DownloaderErrorCodes, InvalidInputError } from '@vidkeep/contracts';
import { isInside } from '@vidkeep/library-files';

/** A folder a user asked to import, checked: inside the output directory, also through links. */
export interface ImportFolder {
  abs: string;
  /** Relative to the output directory (`""` for the output directory itself). */
  rel: string;
}

const refuse = (message: string) =>
  new InvalidInputError(DownloaderErrorCodes.importPathInvalid, message, { details: [{ path: 'path', message }] });

/**
 * Resolves the folder of a library import. Only folders inside the output directory are accepted
 * (relative paths are read from it): the library serves, deletes and publishes files there and
 * nowhere else. A path that leaves it (`..`, an absolute path elsewhere, a symbolic link whose
 * target is elsewhere), a hidden folder (staging) or one the service keeps to itself is refused.
 */
export async function resolveImportFolder(
  outputDir: string,
  input: string,
  keepOut: ReadonlySet<string>,
): Promise<ImportFolder> {
  const text = input.trim();
  if (text === '') throw refuse('Give a folder inside the output directory');
  const abs = isAbsolute(text) ? resolve(text) : resolve(outputDir, text);
  if (!isInside(outputDir, abs)) {
    throw refuse(`${text} is outside the output directory ${outputDir}; only folders inside it can be imported`);
  }
  const rel = relative(outputDir, abs);
  if (rel.split(sep).some((part) => part.startsWith('.')))
    throw refuse(`${rel} is a hidden folder (the service's staging area or similar); choose another folder`);
  if ([...keepOut].some((dir) => isInside(dir, abs))) throw refuse(`${rel} is the download staging folder`);
  const info = await stat(abs).catch(() => null);
  if (!info) throw refuse(`There is no folder ${rel || '.'} in the output directory ${outputDir}`);
  if (!info.isDirectory()) throw refuse(`${rel} is a file, not a folder`);
  const [realOutput, realFolder] = await Promise.all([realpath(outputDir), realpath(abs)]);
  if (!isInside(realOutput, realFolder)) {
    throw refuse(`${rel} leads outside the output directory through a symbolic link (to ${realFolder})`);
  }
  return { abs, rel };
}
