import { ChangeDetectionStrategy, Component, inject, output, signal } from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule } from '@angular/forms';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatProgressSpinnerModule } from '@angular/material/progress-spinner';
import { MatSelectModule } from '@angular/material/select';
import { RouterLink } from '@angular/router';
import { toApiError } from '../../core/api';
import type { ChannelInfo, ChannelSearchResult } from './api-types';
import { ChannelsApi } from './channels-api';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { BusyButton } from '../../shared/busy-button';
import { autoDownloadPreview, subscribedNotice } from './auto-download-text';
import { PendingAction } from '../../shared/pending-action';
import { formatCount, tabLabel } from '../../shared/channel-format';
import { SEARCH_COUNTS, SEARCH_QUERY_MAX, searchQueryProblem, type SearchCount } from '../../shared/channel-query';

/** Subscribing: look a channel up by URL / @handle and confirm, or search the platform. */
@Component({
  selector: 'app-subscribe-panel',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    ReactiveFormsModule,
    RouterLink,
    MatFormFieldModule,
    MatInputModule,
    MatSelectModule,
    MatCheckboxModule,
    BusyButton,
    MatProgressSpinnerModule,
  ],
  templateUrl: './subscribe-panel.html',
  styleUrls: ['../../shared/lookup-panel.css', './subscribe-panel.css'],
})
export class SubscribePanel {
  private readonly api = inject(ChannelsApi);
  /** A channel was subscribed (its id): the list should reload. */
  readonly subscribed = output<string>();
  readonly counts = SEARCH_COUNTS;
  readonly queryMax = SEARCH_QUERY_MAX;
  readonly count = formatCount;

  readonly urlForm = new FormGroup({ url: new FormControl('', { nonNullable: true }) });
  readonly lookingUp = signal(false);
  readonly confirming = signal(false);
  readonly found = signal<ChannelInfo | null>(null);
  readonly brokenFound = signal(false);
  readonly subscribeError = signal<string | null>(null);
  readonly notice = signal<string | null>(null);
  /** Subscribe with automatic downloads on (the channel's default) or off. */
  readonly autoDownload = signal(true);
  readonly autoPreview = autoDownloadPreview;

  readonly searchForm = new FormGroup({
    query: new FormControl('', { nonNullable: true }),
    count: new FormControl<SearchCount>(25, { nonNullable: true }),
  });
  readonly searching = new PendingAction('Search failed: ');
  readonly results = signal<ChannelSearchResult[] | null>(null);
  readonly brokenResults = signal<ReadonlySet<string>>(new Set());
  readonly subscribing = signal<ReadonlySet<string>>(new Set());
  readonly resultErrors = signal<Record<string, string>>({});

  tabs(c: ChannelInfo): string {
    return c.availableTabs.length ? c.availableTabs.map(tabLabel).join(', ') : 'none found';
  }

  async lookUp(): Promise<void> {
    const url = this.urlForm.getRawValue().url.trim();
    this.subscribeError.set(null);
    this.notice.set(null);
    if (!url) {
      this.subscribeError.set('Enter a channel URL, an @handle or a channel id');
      return;
    }
    this.lookingUp.set(true);
    this.found.set(null);
    try {
      const r = await this.api.lookUp(url);
      this.brokenFound.set(false);
      this.found.set(r.channelInfo);
    } catch (err) {
      this.subscribeError.set(toApiError(err).message);
    } finally {
      this.lookingUp.set(false);
    }
  }

  async confirm(c: ChannelInfo): Promise<void> {
    this.confirming.set(true);
    this.subscribeError.set(null);
    try {
      const on = this.autoDownload() && c.autoDownload.tabs.length > 0;
      await this.api.update({
        add: [
          { url: c.url, channel_id: c.channel_id, ...(on ? {} : { settings: { auto_download_enabled_tabs: '' } }) },
        ],
      });
      this.found.set(null);
      this.urlForm.reset();
      this.autoDownload.set(true);
      this.notice.set(subscribedNotice(c.title, c.autoDownload, on));
      this.markSubscribed(c.channel_id);
      this.subscribed.emit(c.channel_id);
    } catch (err) {
      this.subscribeError.set(`Not subscribed: ${toApiError(err).message}`);
    } finally {
      this.confirming.set(false);
    }
  }

  async search(): Promise<void> {
    const { query, count } = this.searchForm.getRawValue();
    const problem = searchQueryProblem(query);
    this.searching.error.set(problem);
    if (problem) return;
    await this.searching.run(async () => {
      const r = await this.api.search(query.trim(), count);
      this.brokenResults.set(new Set());
      this.resultErrors.set({});
      this.results.set(r.results);
    });
  }

  async subscribeResult(r: ChannelSearchResult): Promise<void> {
    this.subscribing.set(new Set([...this.subscribing(), r.channelId]));
    this.setResultError(r.channelId, null);
    try {
      await this.api.update({
        add: [{ url: r.url, channel_id: r.channelId }],
      });
      this.markSubscribed(r.channelId);
      this.notice.set(`Subscribed to ${r.name}.`);
      this.subscribed.emit(r.channelId);
    } catch (err) {
      this.setResultError(r.channelId, `Not subscribed: ${toApiError(err).message}`);
    } finally {
      const next = new Set(this.subscribing());
      next.delete(r.channelId);
      this.subscribing.set(next);
    }
  }

  resultThumbFailed(id: string): void {
    this.brokenResults.set(new Set([...this.brokenResults(), id]));
  }

  private markSubscribed(channelId: string): void {
    const list = this.results();
    if (list) this.results.set(list.map((x) => (x.channelId === channelId ? { ...x, subscribed: true } : x)));
  }

  private setResultError(id: string, message: string | null): void {
    const next = { ...this.resultErrors() };
    if (message) next[id] = message;
    else delete next[id];
    this.resultErrors.set(next);
  }
}
