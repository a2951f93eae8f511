import type { EventBus } from '@vidkeep/contracts';
import { syncsTo } from '../services/settings.js';
import type { PlaylistsWiring } from '../wiring.js';

/**
 * A media server became connected (its settings saved, or its plugin switched on): every followed
 * playlist that syncs to it is published there at once, instead of showing "Connected · Never
 * synced" until someone presses Sync now on each. Returns what to call once every plugin has
 * contributed its server (the state to compare with starts there).
 */
export function publishOnConnect(
  events: EventBus,
  { providers, store, publisher, logger }: Pick<PlaylistsWiring, 'providers' | 'store' | 'publisher' | 'logger'>,
): () => void {
  const connected = () =>
    new Set(
      providers
        .entries()
        .filter((e) => e.provider.isConfigured())
        .map((e) => e.key),
    );
  let before: Set<string> | null = null;
  const check = async () => {
    if (!before) return;
    const now = connected();
    const fresh = [...now].filter((k) => !before!.has(k));
    before = now;
    if (fresh.length === 0) return;
    const rows = (await store.enabled()).filter((row) => fresh.some((k) => syncsTo(row, k)));
    logger.info(
      { servers: fresh, playlists: rows.length },
      'A media server was connected: publishing the followed playlists',
    );
    for (const row of rows) void publisher.request(row.id, { m3u: false, sync: true });
  };
  const run = () =>
    void check().catch((err) => logger.error({ err }, 'Publishing to a newly connected media server failed'));
  events.subscribe('core.config.updated', run);
  events.subscribe('core.plugin.toggled', run);
  return () => {
    before = connected();
  };
}
