import { Component, inject, output, signal } from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatProgressSpinnerModule } from '@angular/material/progress-spinner';
import { MatSelectModule } from '@angular/material/select';
import { RouterLink } from '@angular/router';
import { Api, toApiError } from '../../core/api';
import type {
  AddChannelInfoResponse,
  ChannelInfo,
  ChannelSearchResponse,
  ChannelSearchResult,
  UpdateChannelsResponse,
} from './api-types';
import { formatCount, tabLabel } from './channel-format';
import { SEARCH_COUNTS, SEARCH_QUERY_MAX, searchQueryProblem, type SearchCount } from './channel-query';

/** Subscribing: look a channel up by URL / @handle and confirm, or search the platform. */
@Component({
  selector: 'app-subscribe-panel',
  imports: [
    ReactiveFormsModule,
    RouterLink,
    MatFormFieldModule,
    MatInputModule,
    MatSelectModule,
    MatButtonModule,
    MatProgressSpinnerModule,
  ],
  template: `
    <section class="panel" aria-labelledby="subscribe-heading">
      <h2 id="subscribe-heading">Subscribe to a channel</h2>
      <form class="line" [formGroup]="urlForm" (ngSubmit)="lookUp()" novalidate>
        <mat-form-field appearance="outline" class="wide" subscriptSizing="dynamic">
          <mat-label>Channel URL or @handle</mat-label>
          <input
            matInput
            formControlName="url"
            maxlength="2048"
            autocomplete="off"
            placeholder="https://www.youtube.com/@handle"
            data-testid="subscribe-url"
          />
          <mat-hint>A channel address, an &#64;handle or a channel id (UC…)</mat-hint>
        </mat-form-field>
        <button mat-flat-button type="submit" [disabled]="lookingUp()" data-testid="subscribe-submit">
          {{ lookingUp() ? 'Looking up…' : 'Look up' }}
        </button>
      </form>
      @if (lookingUp()) {
        <div class="busy" role="status">
          <mat-spinner diameter="20" aria-hidden="true" /> Asking the platform about this channel…
        </div>
      }
      @if (subscribeError()) {
        <p class="error" role="alert" data-testid="subscribe-error">{{ subscribeError() }}</p>
      }
      @if (notice()) {
        <p role="status" data-testid="subscribe-notice">{{ notice() }}</p>
      }
      @if (found(); as c) {
        <div class="found" data-testid="subscribe-found">
          @if (c.thumbnailUrl && !brokenFound()) {
            <img
              class="avatar"
              [src]="c.thumbnailUrl"
              alt=""
              referrerpolicy="no-referrer"
              (error)="brokenFound.set(true)"
            />
          }
          <div class="info">
            <h3 class="name">{{ c.title }}</h3>
            @if (c.handle) {
              <div class="muted small">{{ c.handle }}</div>
            }
            @if (c.description) {
              <p class="desc small">{{ c.description }}</p>
            }
            <div class="small">Tabs: {{ tabs(c) }}</div>
            <p class="small" data-testid="subscribe-state">
              @if (c.enabled) {
                You are already subscribed. <a [routerLink]="['/channels', c.channel_id]">Open the channel</a>
              } @else if (c.existing) {
                You unsubscribed from this channel earlier: subscribing again restores its settings.
              } @else {
                Not subscribed yet.
              }
            </p>
            <div class="line">
              @if (!c.enabled) {
                <button
                  mat-flat-button
                  type="button"
                  (click)="confirm(c)"
                  [disabled]="confirming()"
                  data-testid="subscribe-confirm"
                >
                  {{ confirming() ? 'Subscribing…' : 'Subscribe to ' + c.title }}
                </button>
              }
              <button
                mat-button
                type="button"
                (click)="found.set(null)"
                [disabled]="confirming()"
                data-testid="subscribe-cancel"
              >
                {{ c.enabled ? 'Close' : 'Cancel' }}
              </button>
            </div>
          </div>
        </div>
      }

      <h3 class="sub">Or search the platform</h3>
      <form class="line" role="search" [formGroup]="searchForm" (ngSubmit)="search()" novalidate>
        <mat-form-field appearance="outline" class="wide">
          <mat-label>Channel name</mat-label>
          <input
            matInput
            formControlName="query"
            [maxlength]="queryMax"
            autocomplete="off"
            data-testid="channel-search-query"
          />
        </mat-form-field>
        <mat-form-field appearance="outline" class="count">
          <mat-label>Results</mat-label>
          <mat-select formControlName="count" data-testid="channel-search-count">
            @for (n of counts; track n) {
              <mat-option [value]="n">{{ n }}</mat-option>
            }
          </mat-select>
        </mat-form-field>
        <button mat-stroked-button type="submit" [disabled]="searching()" data-testid="channel-search-submit">
          {{ searching() ? 'Searching…' : 'Search' }}
        </button>
      </form>
      @if (searching()) {
        <div class="busy" role="status" data-testid="channel-search-busy">
          <mat-spinner diameter="20" aria-hidden="true" /> Searching the platform… this can take several seconds.
        </div>
      }
      @if (searchError()) {
        <p class="error" role="alert" data-testid="channel-search-error">{{ searchError() }}</p>
      }
      @if (results(); as list) {
        @if (list.length === 0) {
          <p class="muted" data-testid="channel-search-empty">No channel found.</p>
        }
        <ul class="results" aria-label="Search results">
          @for (r of list; track r.channelId) {
            <li class="result" data-testid="channel-search-result">
              @if (r.thumbnailUrl && !brokenResults().has(r.channelId)) {
                <img
                  class="avatar"
                  [src]="r.thumbnailUrl"
                  alt=""
                  loading="lazy"
                  referrerpolicy="no-referrer"
                  (error)="resultThumbFailed(r.channelId)"
                />
              }
              <div class="info">
                <a class="name" [href]="r.url" target="_blank" rel="noopener noreferrer">{{ r.name }}</a>
                <div class="muted small">
                  {{ r.handle ?? '' }}
                  @if (r.subscriberCount !== null) {
                    · {{ count(r.subscriberCount) }} subscribers
                  }
                  @if (r.videoCount !== null) {
                    · {{ count(r.videoCount) }} videos
                  }
                </div>
                @if (resultErrors()[r.channelId]; as e) {
                  <p class="error small" role="alert" data-testid="channel-search-subscribe-error">{{ e }}</p>
                }
              </div>
              @if (r.subscribed) {
                <span class="badge" data-testid="channel-search-subscribed">Subscribed</span>
              } @else {
                <button
                  mat-stroked-button
                  type="button"
                  (click)="subscribeResult(r)"
                  [disabled]="subscribing().has(r.channelId)"
                  [attr.aria-label]="'Subscribe to ' + r.name"
                  data-testid="channel-search-subscribe"
                >
                  {{ subscribing().has(r.channelId) ? 'Subscribing…' : 'Subscribe' }}
                </button>
              }
            </li>
          }
        </ul>
      }
    </section>
  `,
  styles: `
    .panel {
      border: 1px solid var(--mat-sys-outline-variant);
      border-radius: 12px;
      padding: 8px 16px 12px;
      margin-bottom: 16px;
    }
    .line {
      display: flex;
      flex-wrap: wrap;
      gap: 4px 12px;
      align-items: center;
    }
    .line mat-form-field.wide {
      flex: 1 1 260px;
    }
    .line mat-form-field.count {
      flex: 0 1 110px;
    }
    form.line button {
      margin-bottom: 20px;
    }
    .busy {
      display: flex;
      gap: 8px;
      align-items: center;
      margin: 4px 0 8px;
    }
    .sub {
      font: var(--mat-sys-title-small);
      margin: 16px 0 8px;
    }
    .found,
    .result {
      display: flex;
      gap: 12px;
      align-items: flex-start;
    }
    .found {
      padding: 12px;
      border-radius: 8px;
      background: var(--mat-sys-surface-container);
      margin-bottom: 8px;
    }
    .avatar {
      width: 48px;
      height: 48px;
      border-radius: 50%;
      object-fit: cover;
      flex: none;
    }
    .info {
      flex: 1;
      min-width: 0;
      display: flex;
      flex-direction: column;
      gap: 2px;
    }
    .name {
      font: var(--mat-sys-title-small);
      margin: 0;
      overflow-wrap: anywhere;
    }
    .desc {
      margin: 4px 0;
      white-space: pre-line;
      display: -webkit-box;
      -webkit-line-clamp: 3;
      line-clamp: 3;
      -webkit-box-orient: vertical;
      overflow: hidden;
    }
    .small {
      font-size: 13px;
    }
    .results {
      list-style: none;
      padding: 0;
      margin: 0;
      display: flex;
      flex-direction: column;
      gap: 10px;
    }
    .result {
      align-items: center;
      padding: 6px 0;
      border-bottom: 1px solid var(--mat-sys-outline-variant);
    }
    .badge {
      font-size: 12px;
      padding: 2px 8px;
      border-radius: 10px;
      background: var(--mat-sys-secondary-container);
      color: var(--mat-sys-on-secondary-container);
    }
    @media (max-width: 599px) {
      .panel {
        padding: 8px;
      }
      .result {
        flex-wrap: wrap;
      }
    }
  `,
})
export class SubscribePanel {
  private readonly api = inject(Api);
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

  readonly searchForm = new FormGroup({
    query: new FormControl('', { nonNullable: true }),
    count: new FormControl<SearchCount>(25, { nonNullable: true }),
  });
  readonly searching = signal(false);
  readonly searchError = signal<string | null>(null);
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
      const r = await this.api.post<AddChannelInfoResponse>('/addchannelinfo', { url });
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
      await this.api.post<UpdateChannelsResponse>('/updatechannels', {
        add: [{ url: c.url, channel_id: c.channel_id }],
      });
      this.found.set(null);
      this.urlForm.reset();
      this.notice.set(`Subscribed to ${c.title}.`);
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
    this.searchError.set(problem);
    if (problem) return;
    this.searching.set(true);
    try {
      const r = await this.api.post<ChannelSearchResponse>('/api/channels/search', { query: query.trim(), count });
      this.brokenResults.set(new Set());
      this.resultErrors.set({});
      this.results.set(r.results);
    } catch (err) {
      this.searchError.set(`Search failed: ${toApiError(err).message}`);
    } finally {
      this.searching.set(false);
    }
  }

  async subscribeResult(r: ChannelSearchResult): Promise<void> {
    this.subscribing.set(new Set([...this.subscribing(), r.channelId]));
    this.setResultError(r.channelId, null);
    try {
      await this.api.post<UpdateChannelsResponse>('/updatechannels', {
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
