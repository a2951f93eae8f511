import { computed, signal } from '@angular/core';
import type {
  ChannelAddSettings,
  ImportPreview,
  ImportPreviewChannel,
  ImportResult,
  ImportSummary,
  LiveMessage,
} from '@vidkeep/contracts';
import { toApiError } from '../../../core/api';
import { KeySet } from '../../../shared/keyed';
import type { ImportSourceKind, ImportsApi } from './imports-api';

export type { ImportSourceKind } from './imports-api';

/** Contracts `IMPORT_FILE_MAX_BYTES` (a value import would bundle TypeBox). */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;

export type ResultFilter = 'all' | 'success' | 'skipped' | 'error';

/** "46 subscribed, 2 skipped, 2 failed" (the parts that are not zero). */
export function countsText(s: Pick<ImportSummary, 'successes' | 'skipped' | 'errors'>): string {
  const parts = [
    s.successes ? `${s.successes} subscribed` : '',
    s.skipped ? `${s.skipped} skipped` : '',
    s.errors ? `${s.errors} failed` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'nothing done yet';
}

/** The status of an import in words. */
export function statusText(s: ImportSummary): string {
  switch (s.status) {
    case 'running':
      return s.cancelRequested ? `Cancelling… ${s.done} of ${s.total} done` : `Importing… ${s.done} of ${s.total} done`;
    case 'completed':
      return `Done: ${countsText(s)}.`;
    case 'completed_with_errors':
      return `Done, with problems: ${countsText(s)}.`;
    case 'cancelled':
      return `Cancelled: ${countsText(s)}.`;
    case 'interrupted':
      return `Cut off by a restart of the server: ${countsText(s)}.`;
  }
}

/** The settings new channels get, as the form holds them ('' = the defaults). */
export interface NewChannelSettings {
  quality: string;
  subfolder: string;
}

export function toAddSettings(s: NewChannelSettings): ChannelAddSettings | undefined {
  const out: ChannelAddSettings = {};
  if (s.quality) out.video_quality = s.quality as ChannelAddSettings['video_quality'];
  if (s.subfolder.trim()) out.sub_folder = s.subfolder.trim();
  return Object.keys(out).length ? out : undefined;
}

/**
 * The state of "Import subscriptions" on the Channels page: a preview from a file (the account
 * export's CSV or a signed-in browser's cookies), the channels chosen from it, then the running
 * import (live from `subscriptionImportUpdated`, cancel) and its results per channel.
 */
export class SubscriptionImportState {
  readonly preview = signal<ImportPreview | null>(null);
  readonly selected = new KeySet<string>();
  readonly run = signal<ImportSummary | null>(null);
  readonly results = signal<ImportResult[]>([]);
  readonly filter = signal<ResultFilter>('all');
  readonly busy = signal<'preview' | 'start' | 'cancel' | null>(null);
  readonly error = signal<string | null>(null);
  /** The last finished import, shown until a new one starts. */
  readonly last = signal<ImportSummary | null>(null);

  /** Channels that can be chosen (an active subscription cannot). */
  readonly choosable = computed(() => (this.preview()?.channels ?? []).filter((c) => !c.alreadySubscribed));
  readonly running = computed(() => this.run()?.status === 'running');
  readonly shownResults = computed(() => {
    const f = this.filter();
    return f === 'all' ? this.results() : this.results().filter((r) => r.state === f);
  });

  constructor(private readonly api: ImportsApi) {}

  /** The running import (after a reload) or the last one. */
  async load(): Promise<void> {
    try {
      const active = await this.api.active();
      if (active) {
        this.run.set(active);
        await this.refreshResults(active.jobId);
        return;
      }
      const { imports } = await this.api.list();
      this.last.set(imports[0] ?? null);
    } catch (err) {
      this.error.set(`The imports could not be read: ${toApiError(err).message}`);
    }
  }

  async previewFile(kind: ImportSourceKind, file: File): Promise<void> {
    this.busy.set('preview');
    this.error.set(null);
    try {
      const preview = await this.api.preview(kind, file);
      this.preview.set(preview);
      this.selected.clear();
      this.selected.setAll(preview.channels.filter((c) => !c.alreadySubscribed).map((c) => c.channelId));
    } catch (err) {
      this.error.set(`${file.name} could not be read: ${toApiError(err).message}`);
    } finally {
      this.busy.set(null);
    }
  }

  toggle(c: ImportPreviewChannel): void {
    if (!c.alreadySubscribed) this.selected.toggle(c.channelId);
  }

  selectAll(on: boolean): void {
    if (on) this.selected.setAll(this.choosable().map((c) => c.channelId));
    else this.selected.clear();
  }

  discardPreview(): void {
    this.preview.set(null);
    this.selected.clear();
    this.error.set(null);
  }

  async start(settings: NewChannelSettings): Promise<void> {
    const preview = this.preview();
    if (!preview) return;
    const channels = preview.channels
      .filter((c) => this.selected.has(c.channelId))
      .map((c) => ({ channelId: c.channelId, url: c.url, title: c.title }));
    if (channels.length === 0) return;
    this.busy.set('start');
    this.error.set(null);
    try {
      const { jobId, total } = await this.api.start({
        channels,
        source: preview.source,
        ...(toAddSettings(settings) ? { settings: toAddSettings(settings) } : {}),
      });
      this.results.set([]);
      this.filter.set('all');
      this.last.set(null);
      this.run.set({
        jobId,
        source: preview.source,
        status: 'running',
        total,
        done: 0,
        successes: 0,
        errors: 0,
        skipped: 0,
        cancelRequested: false,
        startedAt: new Date().toISOString(),
        finishedAt: null,
      });
      this.preview.set(null);
      this.selected.clear();
    } catch (err) {
      this.error.set(`The import did not start: ${toApiError(err).message}`);
    } finally {
      this.busy.set(null);
    }
  }

  async cancel(): Promise<void> {
    const run = this.run();
    if (!run) return;
    this.busy.set('cancel');
    try {
      await this.api.cancel(run.jobId);
      this.run.set({ ...run, cancelRequested: true });
    } catch (err) {
      this.error.set(`Not cancelled: ${toApiError(err).message}`);
    } finally {
      this.busy.set(null);
    }
  }

  /**
   * A live update: the running import's counts (and its latest result) while it runs, the whole
   * result list once it ends. Returns true when the import has just finished.
   */
  async update(message: LiveMessage<'subscriptionImportUpdated'>): Promise<boolean> {
    const run = this.run();
    const incoming = message.import;
    // An import started elsewhere (another tab) is shown too.
    if (run && run.jobId !== incoming.jobId && run.status === 'running') return false;
    this.run.set(incoming);
    const last = message.lastResult;
    if (last) this.results.update((list) => [...list.filter((r) => r.channelId !== last.channelId), last]);
    if (incoming.status === 'running') return false;
    await this.refreshResults(incoming.jobId);
    return true;
  }

  /** Back to choosing a file after an import ended. */
  reset(): void {
    this.last.set(this.run());
    this.run.set(null);
    this.results.set([]);
    this.error.set(null);
  }

  async showLast(): Promise<void> {
    const last = this.last();
    if (!last) return;
    this.run.set(last);
    await this.refreshResults(last.jobId);
  }

  private async refreshResults(jobId: string): Promise<void> {
    try {
      const detail = await this.api.detail(jobId);
      const { results, ...summary } = detail;
      this.run.set(summary);
      this.results.set(results);
    } catch (err) {
      this.error.set(`The results could not be read: ${toApiError(err).message}`);
    }
  }
}
