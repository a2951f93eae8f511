import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatSelectModule } from '@angular/material/select';
import { ListControls } from '../../../shared/list-controls';
import { RangeFilters } from '../../../shared/range-filters';
import { TRI_STATE_CHOICES, VIDEO_SORT_CHOICES } from '../../../shared/channel-query';
import { VIDEO_FILTERS, type ChannelVideos, type VideoFilter } from './channel-videos';

const FILTER_LABELS: Readonly<Record<VideoFilter, string>> = {
  downloaded: 'Downloaded',
  ignored: 'Ignored',
  watched: 'Watched',
  protected: 'Protected',
  missing: 'Missing on disk',
};

/** Search, the downloaded / ignored / watched filters, sort and order of a tab's videos. */
@Component({
  selector: 'app-video-filters',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ListControls, MatFormFieldModule, MatSelectModule, RangeFilters],
  template: `
    @let v = videos();
    <app-list-controls
      class="filters"
      [list]="v.list"
      [choices]="sortChoices"
      searchLabel="Search titles"
      testId="videos"
      searchName="Filter the videos"
    >
      @for (f of filters; track f) {
        <mat-form-field appearance="outline" class="before-sort">
          <mat-label>{{ labels[f] }}</mat-label>
          <mat-select
            [value]="v.filters[f]()"
            (valueChange)="v.setFilter(f, $event)"
            [attr.data-testid]="'filter-' + f"
          >
            @for (o of choices[f]; track o.value) {
              <mat-option [value]="o.value">{{ o.label }}</mat-option>
            }
          </mat-select>
        </mat-form-field>
      }
    </app-list-controls>
    <details class="more" [open]="moreOpen">
      <summary data-testid="videos-more-filters">More filters (published, length)</summary>
      <app-range-filters
        [value]="v.ranges()"
        dateLabel="Published"
        [withSize]="false"
        testId="videos-ranges"
        (changed)="v.setRanges($event)"
      />
    </details>
  `,
  styleUrl: '../../../shared/panel-part.css',
  styles: `
    .filters {
      display: block;
      margin-top: 8px;
    }
    .more summary {
      cursor: pointer;
      margin-top: 4px;
    }
  `,
})
export class VideoFilters {
  readonly videos = input.required<ChannelVideos>();
  readonly filters = VIDEO_FILTERS;
  readonly labels = FILTER_LABELS;
  readonly choices = TRI_STATE_CHOICES;
  readonly sortChoices = VIDEO_SORT_CHOICES;
  readonly moreOpen = false;
}
