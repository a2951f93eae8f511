import { plural } from '../../../shared/channel-format';
import type { PlaylistSyncState } from '../api-types';

/** What one server did in the sync that "Sync now" asked for. */
export interface ServerOutcome {
  server: string;
  label: string;
  /** `ok` synced, `wait` deferred or nothing to sync yet (the next sync tries again), `bad` failed, `none` not tried. */
  tone: 'ok' | 'wait' | 'bad' | 'none';
  text: string;
}

/** A server's name as people write it, also for a kind whose plugin is off (the server then only knows its key). */
export const serverLabel = (s: Pick<PlaylistSyncState, 'server' | 'label'>): string =>
  s.label === s.server ? s.server.charAt(0).toUpperCase() + s.server.slice(1) : s.label;

function outcome(s: PlaylistSyncState): Omit<ServerOutcome, 'server' | 'label'> {
  const error = s.last_error;
  const items = s.items_synced === null ? 'the playlist' : plural(s.items_synced, 'item');
  const skipped = s.items_skipped ? ` (${s.items_skipped} not indexed by the server yet)` : '';
  if (error === null) return { tone: 'ok', text: `synced ${items}${skipped}` };
  if (error.startsWith('Note: ')) return { tone: 'ok', text: `synced ${items}${skipped}. ${error}` };
  if (error.startsWith('Deferred: ')) return { tone: 'wait', text: `put off: ${error.slice(10)}` };
  if (error.startsWith('Waiting: ')) return { tone: 'wait', text: `nothing synced yet: ${error.slice(9)}` };
  return { tone: 'bad', text: `failed: ${error}` };
}

/**
 * Each connected server's result of a sync, from the sync state before and after it: a server
 * whose last attempt did not change was not tried.
 */
export function syncOutcomes(
  before: readonly PlaylistSyncState[],
  after: readonly PlaylistSyncState[],
): ServerOutcome[] {
  const earlier = new Map(before.map((s) => [s.server, s.last_attempt_at]));
  return after
    .filter((s) => s.connected && s.sync_enabled)
    .map((s) => {
      const tried = s.last_attempt_at !== null && s.last_attempt_at !== (earlier.get(s.server) ?? null);
      const r = tried ? outcome(s) : { tone: 'none' as const, text: 'not tried: no new attempt was recorded' };
      return { server: s.server, label: serverLabel(s), ...r };
    });
}
