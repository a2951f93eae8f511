import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatSelectModule } from '@angular/material/select';
import { ListControls } from '../../../shared/list-controls';
import { WatchedFilter } from '../../../shared/watched-filter';
import { DOWNLOAD_STATE_CHOICES, VIDEO_SORT_CHOICES } from '../playlist-format';
import type { PlaylistVideos } from './playlist-videos';

/** Search, the download-state and watched filters, sort and order of a playlist's entries. */
@Component({
  selector: 'app-entry-filters',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ListControls, MatFormFieldModule, MatSelectModule, WatchedFilter],
  template: `
    @let v = videos();
    <app-list-controls
      [list]="v.list"
      [choices]="sortChoices"
      searchLabel="Search titles and channels"
      testId="entries"
      searchName="Filter the videos"
    >
      <mat-form-field appearance="outline" class="before-sort">
        <mat-label>Downloaded</mat-label>
        <mat-select
          [value]="v.downloadState()"
          (valueChange)="v.setDownloadState($event)"
          data-testid="entries-download-state"
        >
          @for (o of states; track o.value) {
            <mat-option [value]="o.value">{{ o.label }}</mat-option>
          }
        </mat-select>
      </mat-form-field>
      <app-watched-filter
        class="before-sort"
        [value]="v.watchedState()"
        (changed)="v.setWatchedState($event)"
        testId="entries-watched-state"
      />
    </app-list-controls>
  `,
})
export class EntryFilters {
  readonly videos = input.required<PlaylistVideos>();
  readonly states = DOWNLOAD_STATE_CHOICES;
  readonly sortChoices = VIDEO_SORT_CHOICES;
}
