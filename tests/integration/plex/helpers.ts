import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlaylistDetail, PlaylistSyncState } from '@vidkeep/contracts';
import { REPO_ROOT } from '../../helpers/server-process.js';

/**
 * Waits of a tenth of the real ones (a scan of the fake takes 20 ms); the request timeout stays
 * long, since the fake answers from the busy test process.
 */
export const FAST_PLEX_OPTIONS = { resolveBackoffSeconds: [0.05, 0.1, 0.2, 0.4], requestTimeoutSeconds: 15 };

/** The repository's manifest with the plex plugin's options replaced (short waits for tests). */
export function plexManifest(options: Record<string, unknown> = FAST_PLEX_OPTIONS): {
  manifest: unknown;
  manifestPath: string;
} {
  const manifestPath = join(REPO_ROOT, 'plugin-manifest.json');
  const base = JSON.parse(readFileSync(manifestPath, 'utf8')) as { plugins: { id: string; options?: unknown }[] };
  return {
    manifest: { ...base, plugins: base.plugins.map((p) => (p.id === 'plex' ? { ...p, options } : p)) },
    manifestPath,
  };
}

/** The Plex row of a playlist's `sync_state`. */
export const plexState = (detail: PlaylistDetail): PlaylistSyncState =>
  detail.sync_state.find((s) => s.server === 'plex')!;
