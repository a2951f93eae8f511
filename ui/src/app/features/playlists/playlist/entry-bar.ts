import { Component, computed, input } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { Outcome } from '../../../shared/outcome';
import { canSelectForAutomatic } from '../playlist-format';
import type { EntryActions } from './entry-actions';
import type { PlaylistOverview } from './playlist-overview';

/** Select the page, act on the selection (kept across pages), and "Download new". */
@Component({
  selector: 'app-entry-bar',
  imports: [MatButtonModule, MatCheckboxModule, Outcome],
  template: `
    @let a = actions();
    <div class="bar">
      <mat-checkbox
        [checked]="a.pageSelection().all"
        [indeterminate]="a.pageSelection().some"
        [disabled]="empty()"
        (change)="a.selectPage($event.checked)"
        data-testid="entries-select-page"
        >Select this page</mat-checkbox
      >
      <span class="small" role="status" data-testid="entries-selected-count">{{ a.selected.size() }} selected</span>
      <button
        mat-stroked-button
        type="button"
        (click)="a.downloadEntries('selected')"
        [disabled]="a.selected.size() === 0 || a.busy()"
        data-testid="entries-download-selected"
      >
        Download selected
      </button>
      @if (automatic()) {
        <button
          mat-stroked-button
          type="button"
          (click)="a.selectForAutomatic()"
          [disabled]="a.selected.size() === 0 || a.busy()"
          data-testid="entries-select-automatic"
        >
          Select for automatic download
        </button>
      }
      @if (a.selected.size()) {
        <button mat-button type="button" (click)="a.selected.clear()" data-testid="entries-clear">Clear</button>
      }
      <span class="grow"></span>
      <button
        mat-flat-button
        type="button"
        (click)="a.downloadEntries('new')"
        [disabled]="a.busy()"
        data-testid="entries-download-new"
      >
        Download new
      </button>
    </div>
    <p class="small muted">
      Download new queues every available video the library never had and nobody ignored.
      @if (automatic()) {
        Videos from before the starting point download automatically only when selected for it.
      }
    </p>
    <app-outcome [error]="a.error()" [notice]="a.notice()" testId="entries-action" />
  `,
  styleUrl: '../../../shared/panel-part.css',
  styles: `
    .bar {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
  `,
})
export class EntryBar {
  readonly actions = input.required<EntryActions>();
  readonly overview = input.required<PlaylistOverview>();
  /** No entry on the page: nothing to select. */
  readonly empty = input.required<boolean>();
  readonly automatic = computed(() => {
    const p = this.overview().playlist();
    return !!p && canSelectForAutomatic(p);
  });
}
