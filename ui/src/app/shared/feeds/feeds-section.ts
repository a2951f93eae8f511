import { ChangeDetectionStrategy, Component, computed, effect, inject, input, untracked } from '@angular/core';
import { BusyButton } from '../busy-button';
import { Outcome } from '../outcome';
import { FeedItem } from './feed-item';
import { FeedList, formatLabel } from './feed-list';
import { FeedsApi, type FeedFormat, type FeedKind } from './feeds-api';

const FORMATS: readonly FeedFormat[] = ['audio', 'video'];

/**
 * The podcast feeds of one channel or playlist, on its page: each feed's private address (copy,
 * QR code), and a button per format not made yet; nothing while the feeds plugin is off. Test ids
 * `feeds-*`.
 */
@Component({
  selector: 'app-feeds-section',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton, Outcome, FeedItem],
  template: `
    @if (!list.unavailable()) {
      <section class="feeds" aria-labelledby="feeds-title" data-testid="feeds-section">
        <h2 id="feeds-title">Podcast feeds</h2>
        <p class="muted small">
          Listen to this {{ kind() }}'s downloaded videos in a podcast app. Anyone with a feed's address can listen;
          revoking the feed ends it.
        </p>
        <app-outcome [error]="list.load.error()" [small]="true" testId="feeds-load" />
        @for (f of list.feeds(); track f.id) {
          <app-feed-item [feed]="f" [list]="list" />
        }
        <div class="make">
          @for (format of missing(); track format) {
            <app-busy-button
              [text]="'Get ' + label(format).toLowerCase() + ' feed'"
              busyText="Making the feed…"
              [busy]="list.creating() === format"
              [disabled]="list.create.busy()"
              [testId]="'feeds-make-' + format"
              (pressed)="list.make(format)"
            />
          }
        </div>
        <app-outcome [error]="list.create.error()" [small]="true" testId="feeds-make" />
      </section>
    }
  `,
  styles: `
    .feeds {
      display: flex;
      flex-direction: column;
      gap: 6px;
      padding: 8px 0;
    }
    h2 {
      font: var(--mat-sys-title-medium);
      margin: 0;
    }
    p {
      margin: 0;
    }
    .small {
      font-size: 13px;
    }
    .make {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
    }
  `,
})
export class FeedsSection {
  readonly kind = input.required<FeedKind>();
  readonly subjectId = input.required<string>();
  readonly list = new FeedList(inject(FeedsApi), () => ({ kind: this.kind(), subjectId: this.subjectId() }));
  readonly label = formatLabel;
  /** The formats without a feed yet (known once the list is loaded). */
  readonly missing = computed(() => (this.list.feeds() ? FORMATS.filter((f) => !this.list.has(f)) : []));

  constructor() {
    effect(() => {
      this.kind();
      this.subjectId();
      untracked(() => {
        this.list.feeds.set(null);
        void this.list.refresh();
      });
    });
  }
}
