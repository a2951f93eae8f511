import type { AutoRemovalResult, AutoRemovalRun } from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/plugin-kit';
import type { RetentionRun } from '../entities.js';

/** Runs kept: enough to look back a few weeks of nightly runs. */
const KEEP = 30;

/** `retention_runs`: each real run is saved when it starts and when it ends, so a restart keeps it. */
export class RunStore {
  constructor(private readonly orm: Orm) {}

  async start(trigger: RetentionRun['trigger'], startedAt: Date): Promise<number> {
    const em = this.orm.em.fork();
    const row = em.create<RetentionRun>('RetentionRun', {
      trigger,
      startedAt,
      finishedAt: null,
      result: null,
      error: null,
    } as RetentionRun);
    await em.flush();
    await this.prune();
    return row.id;
  }

  async finish(id: number, outcome: { result: AutoRemovalResult | null; error: string | null }): Promise<void> {
    await this.orm.em.fork().nativeUpdate<RetentionRun>('RetentionRun', { id }, { finishedAt: new Date(), ...outcome });
  }

  /** The newest run; one that never finished (the server stopped) says so. */
  async last(running: boolean): Promise<AutoRemovalRun | null> {
    const [row] = await this.orm.em
      .fork()
      .find<RetentionRun>('RetentionRun', {}, { orderBy: { startedAt: 'desc', id: 'desc' }, limit: 1 });
    if (!row) return null;
    const interrupted = row.finishedAt === null && !running;
    return {
      trigger: row.trigger,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
      result: row.result,
      error: interrupted ? 'The server stopped before this run finished; some videos may have been removed' : row.error,
    };
  }

  private async prune(): Promise<void> {
    const em = this.orm.em.fork();
    const old = await em.find<RetentionRun>(
      'RetentionRun',
      {},
      { orderBy: { startedAt: 'desc', id: 'desc' }, offset: KEEP, limit: 1000 },
    );
    if (old.length > 0) await em.nativeDelete<RetentionRun>('RetentionRun', { id: { $in: old.map((r) => r.id) } });
  }
}
