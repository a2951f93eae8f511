import { DatePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import {
  keepRecentText,
  resultBreakdown,
  resultHeadline,
  strategyViews,
  type AutoRemovalResult,
} from './removal-words';
import { formatBytes } from '../../shared/format';

/**
 * What a removal run did, or a preview would do: the headline (how many videos, how many
 * bytes), the count per strategy, the keep-recent guard, then each strategy with its rule, its
 * outcome (off, skipped with why, the count and size) and its sample videos; problems last.
 * Test ids `<testId>-headline`, `-breakdown`, `-keep-recent`, `-<strategy>` (`ageStrategy`,
 * `watchedStrategy`, `spaceStrategy`) with `-summary` and `-sample` inside, `-errors`.
 */
@Component({
  selector: 'app-removal-plan',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [DatePipe],
  template: `
    @let r = result();
    @let id = testId();
    <p class="headline" [attr.data-testid]="id + '-headline'">{{ headline() }}</p>
    <p class="muted small" [attr.data-testid]="id + '-breakdown'">{{ breakdown() }}</p>
    @if (keepRecent(); as k) {
      <p class="small" [attr.data-testid]="id + '-keep-recent'">{{ k }}</p>
    }
    @for (s of strategies(); track s.key) {
      <section class="strategy" [attr.data-testid]="id + '-' + s.key" [attr.aria-label]="s.title">
        <div class="head">
          <h3>{{ s.title }}</h3>
          <span class="badge" [class.ok]="s.state === 'ran'">{{
            s.state === 'off' ? 'Off' : s.state === 'skipped' ? 'Skipped' : r.dryRun ? 'Checked' : 'Ran'
          }}</span>
        </div>
        @if (s.state !== 'off') {
          <p class="muted small">{{ s.rule }}</p>
        }
        <p [class.warn]="s.state === 'skipped'" [attr.data-testid]="id + '-' + s.key + '-summary'">{{ s.summary }}</p>
        @if (s.samples.length) {
          <ul class="samples" [attr.aria-label]="(r.dryRun ? 'Would remove, ' : 'Removed, ') + s.title">
            @for (v of s.samples; track v.sourceId) {
              <li [attr.data-testid]="id + '-' + s.key + '-sample'">
                <span class="title">{{ v.title }}</span>
                <span class="muted small">
                  {{ v.channelName ?? 'Unknown channel' }}
                  @if (size(v.fileSize); as sz) {
                    · {{ sz }}
                  }
                  · downloaded {{ v.downloadedAt | date: 'mediumDate' }}
                  @if (v.lastWatchedAt) {
                    · last watched {{ v.lastWatchedAt | date: 'mediumDate' }}
                  }
                </span>
              </li>
            }
            @if (s.more) {
              <li class="muted small" [attr.data-testid]="id + '-' + s.key + '-more'">
                and {{ s.more.toLocaleString('en-US') }} more
              </li>
            }
          </ul>
        }
      </section>
    }
    @if (r.errors.length) {
      <div class="error" [attr.data-testid]="id + '-errors'">
        <p>Problems:</p>
        <ul>
          @for (e of r.errors; track $index) {
            <li>{{ e }}</li>
          }
        </ul>
      </div>
    }
  `,
  styleUrl: '../../shared/badges.css',
  styles: `
    :host {
      display: block;
    }
    p {
      margin: 4px 0;
    }
    .headline {
      font: var(--mat-sys-title-medium);
    }
    .small {
      font-size: 13px;
    }
    .strategy {
      border-top: 1px solid var(--mat-sys-outline-variant);
      margin-top: 12px;
      padding-top: 8px;
    }
    .head {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 4px 12px;
    }
    h3 {
      font: var(--mat-sys-title-small);
      margin: 0;
    }
    .samples {
      list-style: none;
      margin: 4px 0 0;
      padding: 0;
    }
    .samples li {
      display: flex;
      flex-wrap: wrap;
      gap: 0 8px;
      padding: 3px 0;
      overflow-wrap: anywhere;
    }
    .samples .title {
      font-weight: 500;
    }
    .error ul {
      margin: 0;
      padding-left: 20px;
    }
  `,
})
export class RemovalPlan {
  readonly result = input.required<AutoRemovalResult>();
  readonly testId = input.required<string>();
  readonly headline = computed(() => resultHeadline(this.result()));
  readonly breakdown = computed(() => resultBreakdown(this.result()));
  readonly keepRecent = computed(() => keepRecentText(this.result().plan));
  readonly strategies = computed(() => strategyViews(this.result()));
  readonly size = formatBytes;
}
