import type {
  ProviderSet,
  VideoWatch,
  VideoWatchStatus,
  VideoWatchStatusEntry,
  WatchedRule,
  WatchStatusProvider,
  WatchStatusService,
} from '@vidkeep/contracts';
import type { WatchStore, WatchWithUser } from './store.js';

/** Rows of one video → what lists show: watched under the rule, by whom, when last. */
export function watchOfRows(
  rows: readonly WatchWithUser[],
  rule: WatchedRule,
  label: (kind: string) => string,
): VideoWatch {
  const played = rows.filter((r) => r.played);
  const counted = rule === 'primary' ? played.filter((r) => r.primary) : played;
  const times = rows.flatMap((r) => (r.lastWatchedAt ? [r.lastWatchedAt.getTime()] : []));
  return {
    watched: counted.length > 0,
    watchedBy: played.map((r) => `${r.userName} (${label(r.serverType)})`),
    lastWatchedAt: times.length ? new Date(Math.max(...times)) : null,
  };
}

function group(rows: readonly WatchWithUser[]): Map<string, WatchWithUser[]> {
  const out = new Map<string, WatchWithUser[]>();
  for (const r of rows) {
    const list = out.get(r.sourceId) ?? [];
    list.push(r);
    out.set(r.sourceId, list);
  }
  return out;
}

/**
 * `watchStatusServiceRef`: the state the other plugins show and act on. A video no server
 * reported on is absent (unknown); under the `primary` rule only each server's primary account
 * counts.
 */
export class LocalWatchStatusService implements WatchStatusService {
  constructor(
    private readonly deps: {
      store: WatchStore;
      providers: ProviderSet<WatchStatusProvider>;
      rule: () => WatchedRule;
      enabled: () => boolean;
    },
  ) {}

  /** A server kind's label; a kind whose plugin is switched off keeps its key. */
  label = (kind: string): string => this.deps.providers.get(kind)?.label ?? kind;

  async watchOf(sourceIds: readonly string[], options: { rule?: WatchedRule } = {}): Promise<Map<string, VideoWatch>> {
    return this.toWatch(await this.deps.store.withUsers([...new Set(sourceIds)]), options.rule);
  }

  async watchOfAll(): Promise<Map<string, VideoWatch>> {
    return this.toWatch(await this.deps.store.withUsers(null));
  }

  enabled(): boolean {
    return this.deps.enabled();
  }

  /** Every server and user with their state of one video (`GET /api/videos/:sourceId/watch-status`). */
  async videoStatus(sourceId: string, confirmedAt: (kind: string) => Date | null): Promise<VideoWatchStatus> {
    const rows = await this.deps.store.withUsers([sourceId]);
    const watch = rows.length ? watchOfRows(rows, this.deps.rule(), this.label) : null;
    const statuses = rows.map((r): VideoWatchStatusEntry => ({
      server: r.serverType,
      serverLabel: this.label(r.serverType),
      serverUserId: r.serverUserId,
      userName: r.userName,
      primary: r.primary,
      played: r.played,
      playCount: r.playCount,
      positionMs: r.positionMs,
      percentWatched: r.percentWatched,
      lastWatchedAt: r.lastWatchedAt?.toISOString() ?? null,
      // Rows are written only when they change; the last completed sync confirmed the rest.
      lastSyncedAt: new Date(
        Math.max(r.lastSyncedAt.getTime(), confirmedAt(r.serverType)?.getTime() ?? 0),
      ).toISOString(),
    }));
    return { sourceId, watched: watch ? watch.watched : null, watched_by: watch?.watchedBy ?? [], statuses };
  }

  private toWatch(rows: readonly WatchWithUser[], rule = this.deps.rule()): Map<string, VideoWatch> {
    const out = new Map<string, VideoWatch>();
    for (const [sourceId, list] of group(rows)) out.set(sourceId, watchOfRows(list, rule, this.label));
    return out;
  }
}
