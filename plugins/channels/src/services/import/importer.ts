import { randomUUID } from 'node:crypto';
import {
  ChannelErrorCodes as E,
  ConflictError,
  NotFoundError,
  type ChannelAddSettings,
  type ImportDetail,
  type ImportResult,
  type ImportStatus,
  type ImportSummary,
  type LiveHub,
  type PluginLogger,
  type StartImportRequest,
} from '@vidkeep/contracts';
import type { SubscriptionImportItemRow } from '../../entities.js';
import { invalidSettings, validateAddSettings, type SettingsProblem } from '../settings.js';
import { newChannelRow } from '../subscription-plan.js';
import type { ChannelSubscriptions } from '../subscriptions.js';
import { channelUrl } from '../platform.js';
import { countsOf, toResult, type Counts, type ImportStore, type NewImportItem } from './import-store.js';

/** Channels looked up on the platform at the same time. */
export const IMPORT_CONCURRENCY = 3;
const HISTORY = 10;

export interface ImporterDeps {
  store: ImportStore;
  subscriptions: Pick<ChannelSubscriptions, 'importOne'>;
  hub: LiveHub | null;
  logger: PluginLogger;
  concurrency?: number;
}

interface Active {
  id: string;
  summary: ImportSummary;
  /** Stops the lookups: the user cancelled, or the service is shutting down. */
  controller: AbortController;
  stopping: 'cancel' | 'shutdown' | null;
  done: Promise<void>;
}

/** The import's default settings checked against a channel as it would be created. */
function checkSettings(settings: ChannelAddSettings, path: string, errors: SettingsProblem[]): void {
  const row = { ...newChannelRow(placeholder), id: 0, createdAt: new Date(), updatedAt: new Date() };
  const v = validateAddSettings(row, settings);
  if (!v.ok) errors.push(...v.errors.map((e) => ({ path: `${path}/${e.path}`, message: e.message })));
}
const placeholder = {
  channelId: 'UC0000000000000000000000',
  title: 'channel',
  description: '',
  uploader: null,
  handle: null,
  url: channelUrl('UC0000000000000000000000'),
  thumbnailUrl: null,
  hasVideos: true,
};

/**
 * Subscription imports: one at a time, in the background, three channels at once. Every channel's
 * result is written as soon as it is known (so a restart keeps them) and pushed to the UI as a
 * `subscriptionImportUpdated` live message; cancelling stops the lookups under way and skips the
 * rest; an import a restart cut off is marked interrupted when the service starts again.
 */
export class SubscriptionImporter {
  private active: Active | null = null;
  private recovered: Promise<void> | null = null;

  constructor(private readonly deps: ImporterDeps) {}

  async start(request: StartImportRequest): Promise<{ jobId: string; total: number }> {
    await this.recover();
    if (this.active) {
      throw new ConflictError(
        E.importRunning,
        `An import is already running (${this.active.summary.done} of ${this.active.summary.total} channels done); wait for it or cancel it first`,
      );
    }
    const errors: SettingsProblem[] = [];
    if (request.settings) checkSettings(request.settings, 'settings', errors);
    request.channels.forEach((c, i) => c.settings && checkSettings(c.settings, `channels/${i}/settings`, errors));
    if (errors.length) throw invalidSettings(errors, 'No import was started: ');

    const items: NewImportItem[] = [];
    const seen = new Set<string>();
    for (const c of request.channels) {
      if (seen.has(c.channelId)) continue;
      seen.add(c.channelId);
      items.push({
        channelId: c.channelId,
        title: (c.title?.trim() || c.channelId).slice(0, 300),
        url: c.url?.trim() || channelUrl(c.channelId),
        settings: c.settings ?? request.settings ?? null,
      });
    }
    const id = randomUUID();
    const startedAt = new Date();
    const source = request.source ?? 'manual';
    await this.deps.store.create({ id, source, settings: request.settings ?? null, startedAt }, items);
    const summary: ImportSummary = {
      jobId: id,
      source,
      status: 'running',
      total: items.length,
      done: 0,
      successes: 0,
      errors: 0,
      skipped: 0,
      cancelRequested: false,
      startedAt: startedAt.toISOString(),
      finishedAt: null,
    };
    const active: Active = { id, summary, controller: new AbortController(), stopping: null, done: Promise.resolve() };
    this.active = active;
    this.push(summary, null);
    active.done = this.run(active).catch((err: unknown) => {
      this.deps.logger.error({ err, importId: id }, 'Subscription import failed');
    });
    this.deps.logger.info({ importId: id, total: items.length, source }, 'Subscription import started');
    return { jobId: id, total: items.length };
  }

  /** The running import, or null. */
  current(): ImportSummary | null {
    return this.active ? { ...this.active.summary } : null;
  }

  async detail(jobId: string): Promise<ImportDetail> {
    await this.recover();
    const detail = await this.deps.store.detail(jobId);
    if (!detail) throw new NotFoundError(E.importNotFound, `No subscription import ${jobId}`);
    // The running one's summary is the live one (counts and the cancel flag without a second read).
    return this.active?.id === jobId ? { ...detail, ...this.active.summary } : detail;
  }

  async list(): Promise<{ imports: ImportSummary[] }> {
    await this.recover();
    const imports = await this.deps.store.recent(HISTORY);
    return { imports: imports.map((i) => (this.active?.id === i.jobId ? { ...this.active.summary } : i)) };
  }

  async cancel(jobId: string): Promise<{ status: 'Cancelling' }> {
    const active = this.active;
    if (!active || active.id !== jobId) {
      throw new NotFoundError(E.importNotFound, `No running subscription import ${jobId}`);
    }
    if (!active.stopping) {
      active.stopping = 'cancel';
      active.summary.cancelRequested = true;
      await this.deps.store.requestCancel(jobId);
      active.controller.abort();
      this.push(active.summary, null);
    }
    return { status: 'Cancelling' };
  }

  /**
   * An import still marked running when this process runs none was cut off by a stop or crash:
   * it is marked interrupted (its channels not done yet skipped, saying why) before the first
   * read or start, once per process. Not at boot: the table may not exist yet while an older
   * database is being upgraded step by step.
   */
  recover(): Promise<void> {
    this.recovered ??= (async () => {
      for (const row of await this.deps.store.running()) {
        if (row.id === this.active?.id) continue;
        await this.deps.store.skipPending(row.id, 'The server stopped before this channel was imported');
        await this.deps.store.finish(row.id, 'interrupted');
        this.deps.logger.warn(
          { importId: row.id },
          'A subscription import was cut off by a restart; marked interrupted',
        );
      }
    })().catch((err: unknown) => {
      this.recovered = null;
      throw err;
    });
    return this.recovered;
  }

  /** At shutdown: stops the running import and marks it interrupted. */
  async stop(): Promise<void> {
    const active = this.active;
    if (!active) return;
    active.stopping ??= 'shutdown';
    active.controller.abort();
    await active.done;
  }

  private async run(active: Active): Promise<void> {
    const items = await this.deps.store.items(active.id);
    const queue = [...items];
    const states = items.map((i) => i.state);
    const work = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        if (active.controller.signal.aborted) return;
        await this.importItem(active, item, states);
      }
    };
    await Promise.all(Array.from({ length: this.deps.concurrency ?? IMPORT_CONCURRENCY }, work));
    let status: ImportStatus;
    if (active.stopping === 'shutdown') {
      await this.deps.store.skipPending(active.id, 'The server stopped before this channel was imported');
      status = 'interrupted';
    } else if (active.stopping === 'cancel') {
      await this.deps.store.skipPending(active.id, 'Cancelled');
      status = 'cancelled';
    } else {
      status = active.summary.errors > 0 ? 'completed_with_errors' : 'completed';
    }
    await this.deps.store.finish(active.id, status);
    const final = (await this.deps.store.detail(active.id)) ?? active.summary;
    const { results: _results, ...summary } = final as ImportDetail;
    this.active = null;
    this.push(summary, null);
    this.deps.logger.info(
      { importId: active.id, status, successes: summary.successes, errors: summary.errors, skipped: summary.skipped },
      'Subscription import finished',
    );
  }

  private async importItem(
    active: Active,
    item: SubscriptionImportItemRow,
    states: SubscriptionImportItemRow['state'][],
  ): Promise<void> {
    let outcome;
    try {
      outcome = await this.deps.subscriptions.importOne(item.channelId, item.settings, active.controller.signal);
    } catch (err) {
      outcome = { state: 'error' as const, restored: false, reason: err instanceof Error ? err.message : String(err) };
    }
    // A lookup stopped by a cancel or shutdown stays pending: the end of the run says why.
    if (active.controller.signal.aborted && outcome.state !== 'success') return;
    await this.deps.store.finishItem(item.id, outcome);
    states[item.position] = outcome.state;
    Object.assign(active.summary, countsOf(states) satisfies Counts);
    const result: ImportResult = toResult({ ...item, ...outcome });
    this.push(active.summary, result);
  }

  private push(summary: ImportSummary, lastResult: ImportResult | null): void {
    // At most four a second per import, the latest winning: the final state always arrives last.
    this.deps.hub?.broadcast(
      { type: 'subscriptionImportUpdated', import: { ...summary }, lastResult },
      { coalesceKey: `subscription-import:${summary.jobId}` },
    );
  }
}
