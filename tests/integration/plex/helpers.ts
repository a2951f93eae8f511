import type { PlaylistDetail, PlaylistSyncState } from '@vidkeep/contracts';
import { withPluginOptions } from '../../helpers/manifest.js';

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
  return withPluginOptions({ plex: options });
}

/** The Plex row of a playlist's `sync_state`. */
export const plexState = (detail: PlaylistDetail): PlaylistSyncState =>
  detail.sync_state.find((s) => s.server === 'plex')!;
