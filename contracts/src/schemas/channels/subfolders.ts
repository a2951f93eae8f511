/** Which subfolder names a channel (or a download) may use. */
import { hasControlChars } from '../../text.js';

/** The subfolder name the playlists' `.m3u` files use; no channel may take it. */
export const RESERVED_SUBFOLDER = '__playlists__';
/** Why a subfolder name cannot be used (one safe folder name, not the reserved one); null when fine. */
export function subfolderProblem(name: string): string | null {
  if (name.length > 100) return 'subfolder must be at most 100 characters';
  if (/[/\\\0]/.test(name) || hasControlChars(name))
    return 'subfolder must be a single folder name (no slashes or control characters)';
  if (name.startsWith('.')) return 'subfolder must not start with a dot';
  if (name === RESERVED_SUBFOLDER) return `subfolder name ${RESERVED_SUBFOLDER} is reserved`;
  // Subfolder X is stored in the folder `__X`: names that would land on (or look like) the
  // playlists folder are refused too, as the reference product refuses `playlists` and `__…`.
  if (name.startsWith('__')) return 'subfolder must not start with __ (the folder gets that prefix itself)';
  if (`__${name}`.toLowerCase() === RESERVED_SUBFOLDER || name.toLowerCase() === 'playlists')
    return `subfolder name ${name} is reserved for ${RESERVED_SUBFOLDER}`;
  return null;
}
