import { LowerCasePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { MatSlideToggleModule, type MatSlideToggleChange } from '@angular/material/slide-toggle';
import { BusyButton } from '../../../shared/busy-button';
import { tabKnownText, tabLabel, tabStatsText } from '../../../shared/channel-format';
import type { ChannelOverview } from './channel-overview';
import type { DownloadAll } from './download-all';
import type { FetchTracker } from './fetch-tracker';

/**
 * The figures of the tab shown and what can be done with the whole tab: download new videos
 * automatically, load all of its videos (with the progress), download all.
 */
@Component({
  selector: 'app-tab-stats-bar',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [LowerCasePipe, BusyButton, MatProgressBarModule, MatSlideToggleModule],
  template: `
    @let o = overview();
    @let f = fetch();
    <div class="stats" data-testid="tab-stats">
      @if (o.currentStats(); as s) {
        <div class="row">
          <strong data-testid="tab-stats-text">{{ statsText(s) }}</strong>
          <span class="muted small" data-testid="tab-known-text">{{ knownText(s) }}</span>
        </div>
        <mat-progress-bar
          mode="determinate"
          [value]="s.percent ?? 0"
          [attr.aria-label]="'Downloaded ' + (s.percent ?? 0) + ' percent of the tab'"
        />
      } @else {
        <span class="muted small">Figures are loading…</span>
      }
    </div>

    <div class="tools">
      <mat-slide-toggle
        [checked]="o.autoOn()"
        [disabled]="o.auto.busy()"
        (change)="setAutoDownload($event)"
        data-testid="tab-auto-download"
      >
        Download new {{ label(o.currentTab()) | lowercase }} automatically
      </mat-slide-toggle>
      <span class="grow"></span>
      <app-busy-button
        [busy]="!!f.forTab()"
        busyText="Loading…"
        testId="fetch-all"
        (pressed)="f.start()"
        text="Load all"
      />
      <app-busy-button
        [busy]="downloadAll().loading() || downloadAll().busy()"
        testId="download-all-open"
        (pressed)="downloadAll().open()"
        text="Download all…"
      />
    </div>
    @if (o.auto.error()) {
      <p class="error small" role="alert" data-testid="tab-auto-download-error">{{ o.auto.error() }}</p>
    }

    @if (f.forTab(); as state) {
      <div class="fetch" data-testid="fetch-block">
        @let pct = f.percent(state);
        <mat-progress-bar
          [mode]="
            state.stage === 'saving'
              ? 'query'
              : pct === null || state.stage !== 'listing'
                ? 'indeterminate'
                : 'determinate'
          "
          [value]="pct ?? 0"
          aria-label="Loading all videos of the tab"
        />
        <div class="row">
          <span role="status" data-testid="fetch-progress" [attr.data-stage]="state.stage">{{ f.text(state) }}</span>
          @if (state.stage === 'listing' || state.stage === 'starting') {
            <app-busy-button
              appearance="text"
              [busy]="state.cancelling || f.cancelling()"
              busyText="Cancelling…"
              testId="fetch-cancel"
              (pressed)="f.cancel()"
              text="Cancel"
            />
          }
        </div>
        @if (state.stage === 'listing') {
          <span class="muted small" data-testid="fetch-pacing">{{ f.pacing(state) }}</span>
        }
      </div>
    }
    @if (f.error()) {
      <p class="error" role="alert" data-testid="fetch-error">{{ f.error() }}</p>
    }
    @if (f.notice()) {
      <p role="status" data-testid="fetch-notice">{{ f.notice() }}</p>
    }
  `,
  styleUrl: '../../../shared/panel-part.css',
  styles: `
    .stats {
      display: flex;
      flex-direction: column;
      gap: 6px;
    }
    .tools {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
    .fetch {
      display: flex;
      flex-direction: column;
      gap: 4px;
    }
    .fetch .row {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 8px;
    }
  `,
})
export class TabStatsBar {
  readonly overview = input.required<ChannelOverview>();
  readonly fetch = input.required<FetchTracker>();
  readonly downloadAll = input.required<DownloadAll>();
  readonly label = tabLabel;
  readonly statsText = tabStatsText;
  readonly knownText = tabKnownText;

  async setAutoDownload(e: MatSlideToggleChange): Promise<void> {
    // Refused: the switch goes back to what the server keeps.
    if (!(await this.overview().setAutoDownload(e.checked))) e.source.checked = !e.checked;
  }
}
