import type {
  ChannelAddSettings,
  ImportDetail,
  ImportResult,
  ImportResultState,
  ImportSource,
  ImportStatus,
  ImportSummary,
} from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/plugin-kit';
import type { SubscriptionImportItemRow, SubscriptionImportRow } from '../../entities.js';

/** Imports kept for the history (with their results). */
const KEEP = 20;

export interface NewImportItem {
  channelId: string;
  title: string;
  url: string;
  settings: ChannelAddSettings | null;
}

export interface Counts {
  done: number;
  successes: number;
  errors: number;
  skipped: number;
}

const ZERO: Counts = { done: 0, successes: 0, errors: 0, skipped: 0 };

export function countsOf(states: readonly ImportResultState[]): Counts {
  const c = { ...ZERO };
  for (const s of states) {
    if (s === 'pending') continue;
    c.done += 1;
    if (s === 'success') c.successes += 1;
    else if (s === 'error') c.errors += 1;
    else c.skipped += 1;
  }
  return c;
}

export const toResult = (r: SubscriptionImportItemRow): ImportResult => ({
  channelId: r.channelId,
  title: r.title,
  url: r.url,
  state: r.state,
  restored: r.restored,
  reason: r.reason,
});

export function toSummary(row: SubscriptionImportRow, counts: Counts): ImportSummary {
  return {
    jobId: row.id,
    source: row.source,
    status: row.status,
    total: row.total,
    ...counts,
    cancelRequested: row.cancelRequested,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/**
 * `channels_subscription_imports` and their items: written when an import starts, after every
 * channel and when it ends, so its results survive a restart.
 */
export class ImportStore {
  constructor(private readonly orm: Orm) {}

  async create(
    run: { id: string; source: ImportSource; settings: ChannelAddSettings | null; startedAt: Date },
    items: NewImportItem[],
  ): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      em.create<SubscriptionImportRow>('SubscriptionImport', {
        ...run,
        status: 'running',
        total: items.length,
        cancelRequested: false,
        finishedAt: null,
      });
      items.forEach((item, position) =>
        em.create<SubscriptionImportItemRow>('SubscriptionImportItem', {
          importId: run.id,
          position,
          ...item,
          state: 'pending',
          restored: false,
          reason: null,
          finishedAt: null,
        } as SubscriptionImportItemRow),
      );
    });
    await this.prune();
  }

  async items(importId: string): Promise<SubscriptionImportItemRow[]> {
    return this.orm.em
      .fork()
      .find<SubscriptionImportItemRow>('SubscriptionImportItem', { importId }, { orderBy: { position: 'asc' } });
  }

  async finishItem(
    id: number,
    result: { state: ImportResultState; restored: boolean; reason: string | null },
  ): Promise<void> {
    await this.orm.em
      .fork()
      .nativeUpdate<SubscriptionImportItemRow>('SubscriptionImportItem', { id }, { ...result, finishedAt: new Date() });
  }

  /** Every item still pending gets `reason` as a skip (cancelled, cut off by a restart). */
  async skipPending(importId: string, reason: string): Promise<void> {
    await this.orm.em
      .fork()
      .nativeUpdate<SubscriptionImportItemRow>(
        'SubscriptionImportItem',
        { importId, state: 'pending' },
        { state: 'skipped', reason, finishedAt: new Date() },
      );
  }

  async requestCancel(id: string): Promise<void> {
    await this.orm.em
      .fork()
      .nativeUpdate<SubscriptionImportRow>('SubscriptionImport', { id }, { cancelRequested: true });
  }

  async finish(id: string, status: ImportStatus): Promise<void> {
    await this.orm.em
      .fork()
      .nativeUpdate<SubscriptionImportRow>('SubscriptionImport', { id }, { status, finishedAt: new Date() });
  }

  async run(id: string): Promise<SubscriptionImportRow | null> {
    return this.orm.em.fork().findOne<SubscriptionImportRow>('SubscriptionImport', { id });
  }

  async detail(id: string): Promise<ImportDetail | null> {
    const row = await this.run(id);
    if (!row) return null;
    const items = await this.items(id);
    return { ...toSummary(row, countsOf(items.map((i) => i.state))), results: items.map(toResult) };
  }

  /** The newest imports with their counts. */
  async recent(limit: number): Promise<ImportSummary[]> {
    const em = this.orm.em.fork();
    const rows = await em.find<SubscriptionImportRow>(
      'SubscriptionImport',
      {},
      { orderBy: { startedAt: 'desc', id: 'desc' }, limit },
    );
    if (rows.length === 0) return [];
    const items = await em.find<SubscriptionImportItemRow>('SubscriptionImportItem', {
      importId: { $in: rows.map((r) => r.id) },
    });
    const states = new Map<string, ImportResultState[]>();
    for (const i of items) states.set(i.importId, [...(states.get(i.importId) ?? []), i.state]);
    return rows.map((r) => toSummary(r, countsOf(states.get(r.id) ?? [])));
  }

  /** Imports still marked running: a restart cut them off. */
  async running(): Promise<SubscriptionImportRow[]> {
    return this.orm.em.fork().find<SubscriptionImportRow>('SubscriptionImport', { status: 'running' });
  }

  private async prune(): Promise<void> {
    const em = this.orm.em.fork();
    const old = await em.find<SubscriptionImportRow>(
      'SubscriptionImport',
      {},
      { orderBy: { startedAt: 'desc', id: 'desc' }, offset: KEEP, limit: 1000 },
    );
    if (old.length === 0) return;
    const ids = old.map((r) => r.id);
    await em.nativeDelete<SubscriptionImportItemRow>('SubscriptionImportItem', { importId: { $in: ids } });
    await em.nativeDelete<SubscriptionImportRow>('SubscriptionImport', { id: { $in: ids } });
  }
}
