import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatSelectModule } from '@angular/material/select';
import { RouterLink } from '@angular/router';
import { toApiError } from '../../core/api';
import { Live } from '../../core/live';
import { ConfirmInline } from '../../shared/confirm-inline';
import { KeyMessages, KeySet } from '../../shared/keyed';
import { ListControls } from '../../shared/list-controls';
import { ListPager } from '../../shared/list-pager';
import { ListStatus } from '../../shared/list-status';
import { PagedList } from '../../shared/paged-list';
import type { Channel } from './api-types';
import { ChannelsApi } from './channels-api';
import { autoDownloadLabel, subfolderLabel } from '../../shared/channel-format';
import { CHANNEL_SORT_CHOICES, channelListQuery, type ChannelSort } from '../../shared/channel-query';
import { ImportPanel } from './import/import-panel';
import { ImportsApi } from './import/imports-api';
import { SubscribePanel } from './subscribe-panel';

/** Subscribed channels: subscribe, search, sort, filter by subfolder, page, unsubscribe. */
@Component({
  selector: 'app-channels-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    RouterLink,
    ConfirmInline,
    ListControls,
    ListPager,
    MatFormFieldModule,
    MatSelectModule,
    MatButtonModule,
    ListStatus,
    SubscribePanel,
    ImportPanel,
  ],
  template: `
    <div class="heading">
      <h1>Channels</h1>
      <button
        mat-stroked-button
        type="button"
        (click)="importing.set(!importing())"
        [attr.aria-expanded]="importing()"
        aria-controls="channels-import"
        data-testid="channels-import-toggle"
      >
        {{ importing() ? 'Close the import' : 'Import subscriptions' }}
      </button>
    </div>
    @if (importing()) {
      <app-import-panel id="channels-import" (imported)="list.load()" />
    }
    <app-subscribe-panel (subscribed)="list.load()" />

    <h2>Subscriptions</h2>
    <app-list-controls
      [list]="list"
      [choices]="sortChoices"
      searchLabel="Search channels"
      placeholder="Name, handle or URL"
      testId="channels"
    >
      <mat-form-field appearance="outline">
        <mat-label>Subfolder</mat-label>
        <mat-select [value]="subFolder()" (valueChange)="setSubFolder($event)" data-testid="channels-subfolder">
          <mat-option value="">All subfolders</mat-option>
          @for (f of subFolders(); track f) {
            <mat-option [value]="f">{{ folderLabel(f) }}</mat-option>
          }
        </mat-select>
      </mat-form-field>
    </app-list-controls>

    <app-list-status [list]="list" what="channels" testId="channels" [notice]="notice()" />

    <ul class="list" aria-label="Subscribed channels">
      @for (c of list.items(); track c.channel_id) {
        <li class="item" data-testid="channel-item" [attr.data-channel-id]="c.channel_id">
          <div class="avatar">
            @if (c.thumbnailUrl && !brokenThumbs.has(c.channel_id)) {
              <img
                [src]="c.thumbnailUrl"
                alt=""
                loading="lazy"
                referrerpolicy="no-referrer"
                (error)="brokenThumbs.set(c.channel_id)"
                data-testid="channel-thumbnail"
              />
            } @else {
              <span aria-hidden="true">{{ c.title.charAt(0) }}</span>
            }
          </div>
          <div class="info">
            <a class="title" [routerLink]="['/channels', c.channel_id]" data-testid="channel-link">{{ c.title }}</a>
            <div class="muted small">
              @if (c.handle) {
                <span>{{ c.handle }}</span> ·
              }
              <span data-testid="channel-subfolder">{{ folderLabel(c.sub_folder) }}</span>
              ·
              <span data-testid="channel-auto-download"
                >Auto-download: {{ autoLabel(c.auto_download_enabled_tabs) }}</span
              >
            </div>
            @if (c.terminated_at) {
              <div class="error small">The platform reports this channel as terminated.</div>
            }
            @if (itemErrors.get(c.channel_id); as e) {
              <p class="error small" role="alert" data-testid="channel-item-error">{{ e }}</p>
            }
          </div>
          <div class="actions">
            @if (confirming() === c.channel_id) {
              <app-confirm-inline
                class="confirm"
                [label]="'Confirm unsubscribing from ' + c.title"
                question="Unsubscribe? Settings and files stay."
                [small]="true"
                confirmText="Unsubscribe"
                busyText="Unsubscribing…"
                [busy]="removing() === c.channel_id"
                testId="channel-unsubscribe"
                (confirmed)="unsubscribe(c)"
                (cancelled)="confirming.set(null)"
              />
            } @else {
              <a mat-button [routerLink]="['/channels', c.channel_id]" [attr.aria-label]="'Open ' + c.title">Open</a>
              <button
                mat-button
                type="button"
                (click)="askUnsubscribe(c)"
                [attr.aria-label]="'Unsubscribe from ' + c.title"
                data-testid="channel-unsubscribe"
              >
                Unsubscribe
              </button>
            }
          </div>
        </li>
      } @empty {
        @if (!list.loading() && !list.error()) {
          <li class="muted empty" data-testid="channels-empty">
            {{
              list.search() || subFolder()
                ? 'No subscribed channel matches.'
                : 'No subscriptions yet: look a channel up above.'
            }}
          </li>
        }
      }
    </ul>

    <app-list-pager [list]="list" [sizes]="[10, 20, 50, 100]" label="Pages of channels" testId="channels-paginator" />
  `,
  styleUrls: ['../../shared/avatar.css', '../../shared/item-list.css', './channels-page.css'],
})
export class ChannelsPage {
  private readonly api = inject(ChannelsApi);
  private readonly imports = inject(ImportsApi);
  private readonly live = inject(Live);
  readonly sortChoices = CHANNEL_SORT_CHOICES;
  readonly folderLabel = subfolderLabel;
  readonly autoLabel = autoDownloadLabel;

  readonly subFolders = signal<string[]>([]);
  readonly subFolder = signal('');
  readonly list = new PagedList<Channel, ChannelSort>({
    what: 'channels',
    pageSize: 20,
    sortBy: 'title',
    sortOrder: 'asc',
    fetch: async (l) => {
      const query = channelListQuery({
        pageIndex: l.pageIndex(),
        pageSize: l.pageSize(),
        search: l.search(),
        sortBy: l.sortBy(),
        sortOrder: l.sortOrder(),
        subFolder: this.subFolder(),
      });
      const r = await this.api.list(query);
      // Keep the chosen subfolder selectable even when it no longer has channels.
      const chosen = this.subFolder();
      this.subFolders.set(chosen && !r.subFolders.includes(chosen) ? [...r.subFolders, chosen] : r.subFolders);
      return { items: r.channels, total: r.total };
    },
  });
  readonly notice = signal<string | null>(null);
  /** "Import subscriptions" is open (a running import opens it after a reload). */
  readonly importing = signal(false);
  readonly brokenThumbs = new KeySet<string>();
  readonly confirming = signal<string | null>(null);
  readonly removing = signal<string | null>(null);
  readonly itemErrors = new KeyMessages<string>();

  constructor() {
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (r.reconnected || r.restarted) void this.list.load();
    });
    // An import that runs (started here before a reload, or in another tab) shows its progress.
    this.live
      .on('subscriptionImportUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        if (m.import.status === 'running') this.importing.set(true);
      });
    void this.list.load();
    void this.imports
      .active()
      .then((active) => active && this.importing.set(true))
      .catch(() => undefined);
  }

  setSubFolder(folder: string): void {
    this.subFolder.set(folder ?? '');
    this.list.firstPage();
  }

  askUnsubscribe(c: Channel): void {
    this.notice.set(null);
    this.itemErrors.set(c.channel_id, null);
    this.confirming.set(c.channel_id);
  }

  async unsubscribe(c: Channel): Promise<void> {
    this.removing.set(c.channel_id);
    this.itemErrors.set(c.channel_id, null);
    try {
      await this.api.update({ remove: [c.url] });
      this.confirming.set(null);
      this.notice.set(`Unsubscribed from ${c.title}. Subscribing again restores its settings.`);
      await this.list.load();
    } catch (err) {
      this.itemErrors.set(c.channel_id, `Not unsubscribed: ${toApiError(err).message}`);
    } finally {
      this.removing.set(null);
    }
  }
}
