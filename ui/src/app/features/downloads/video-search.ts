import { DatePipe, DecimalPipe } from '@angular/common';
import { Component, inject, output, signal, ChangeDetectionStrategy } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { MatSelectModule } from '@angular/material/select';
import { RouterLink } from '@angular/router';
import { DownloadsApi } from './downloads-api';
import { PendingAction } from '../../shared/pending-action';
import { SEARCH_COUNTS, searchQueryProblem, type SearchCount } from '../../shared/channel-query';
import type { VideoSearchResult } from './api-types';
import { formatDuration } from '../../shared/format';

/**
 * Search the platform for videos (`POST /api/videos/search`): each result says whether the
 * library has it; "Add" puts its URL into the download box above, where it is previewed.
 */
@Component({
  selector: 'app-video-search',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    DatePipe,
    DecimalPipe,
    MatButtonModule,
    MatCardModule,
    MatFormFieldModule,
    MatInputModule,
    MatProgressBarModule,
    MatSelectModule,
    RouterLink,
  ],
  template: `
    <mat-card appearance="outlined" class="card">
      <mat-card-content>
        <form
          class="row search"
          (submit)="$event.preventDefault(); search()"
          aria-label="Search the platform for videos"
        >
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="grow">
            <mat-label>Search videos on the platform</mat-label>
            <input
              matInput
              [value]="query()"
              (input)="query.set($any($event.target).value)"
              maxlength="200"
              autocomplete="off"
              data-testid="video-search-query"
            />
          </mat-form-field>
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="count">
            <mat-label>Results</mat-label>
            <mat-select [value]="count()" (valueChange)="count.set($event)" data-testid="video-search-count">
              @for (n of counts; track n) {
                <mat-option [value]="n">{{ n }}</mat-option>
              }
            </mat-select>
          </mat-form-field>
          <button mat-stroked-button type="submit" [disabled]="searching.busy()" data-testid="video-search-submit">
            Search
          </button>
        </form>
        @if (searching.busy()) {
          <mat-progress-bar mode="indeterminate" aria-label="Searching" />
        }
        @if (searching.error()) {
          <p class="error" role="alert" data-testid="video-search-error">{{ searching.error() }}</p>
        }
        @if (results(); as list) {
          @if (list.length === 0) {
            <p class="muted" data-testid="video-search-empty">Nothing found.</p>
          }
          <ul class="results video-rows" aria-label="Videos found">
            @for (r of list; track r.sourceId) {
              <li class="result video-row" data-testid="video-search-result" [attr.data-source-id]="r.sourceId">
                @if (r.thumbnailUrl) {
                  <img [src]="r.thumbnailUrl" alt="" loading="lazy" referrerpolicy="no-referrer" />
                }
                <div class="text">
                  <strong>{{ r.title }}</strong>
                  <span class="muted small">
                    {{ r.channelName }}
                    @if (r.duration) {
                      · {{ duration(r.duration) }}
                    }
                    @if (r.publishedAt) {
                      · {{ r.publishedAt | date: 'mediumDate' }}
                    }
                    @if (r.viewCount !== null) {
                      · {{ r.viewCount | number }} views
                    }
                  </span>
                  <span class="small" data-testid="video-search-status">
                    @switch (r.status) {
                      @case ('downloaded') {
                        <a [routerLink]="['/library', r.sourceId]">In the library</a>
                        {{ r.isProtected ? '· protected' : '' }}
                        {{ r.normalizedRating ? '· ' + r.normalizedRating : '' }}
                      }
                      @case ('missing') {
                        Downloaded before, but deleted or missing on disk
                      }
                      @default {
                        {{
                          r.activity ? (r.activity === 'downloading' ? 'Downloading now' : 'Queued') : 'Not downloaded'
                        }}
                      }
                    }
                  </span>
                </div>
                <button
                  mat-button
                  type="button"
                  (click)="add.emit(r.url); added.set(r.sourceId)"
                  [attr.aria-label]="'Add ' + r.title + ' to the download list'"
                  data-testid="video-search-add"
                >
                  {{ added() === r.sourceId ? 'Added' : 'Add' }}
                </button>
              </li>
            }
          </ul>
        }
      </mat-card-content>
    </mat-card>
  `,
  styleUrl: './video-rows.css',
  styles: `
    .search {
      gap: 8px;
      align-items: center;
      flex-wrap: wrap;
    }
    .count {
      width: 110px;
    }
    .results {
      margin: 8px 0 0;
      gap: 8px;
    }
    .result .text {
      flex: 1;
    }
  `,
})
export class VideoSearch {
  private readonly api = inject(DownloadsApi);
  /** A result's URL, for the download box. */
  readonly add = output<string>();
  readonly counts = SEARCH_COUNTS;
  readonly query = signal('');
  readonly count = signal<SearchCount>(10);
  readonly searching = new PendingAction();
  readonly results = signal<VideoSearchResult[] | null>(null);
  readonly added = signal<string | null>(null);

  duration = formatDuration;

  async search(): Promise<void> {
    if (this.searching.busy()) return;
    const problem = searchQueryProblem(this.query());
    this.searching.error.set(problem);
    if (problem) return;
    await this.searching.run(async () => {
      const r = await this.api.search(this.query().trim(), this.count());
      this.results.set(r.results);
    });
  }
}
