import { Component, input, output } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { Outcome } from '../../../shared/outcome';
import type { VideoActions } from './video-actions';

export type VideoView = 'grid' | 'list';

/** Select the page, act on the selection (kept across pages), and switch grid and list. */
@Component({
  selector: 'app-selection-bar',
  imports: [MatButtonModule, MatCheckboxModule, Outcome],
  template: `
    @let a = actions();
    <div class="selection">
      <mat-checkbox
        [checked]="a.pageSelection().all"
        [indeterminate]="a.pageSelection().some"
        [disabled]="empty()"
        (change)="a.selectPage($event.checked)"
        data-testid="select-page"
        >Select this page</mat-checkbox
      >
      <span class="small" role="status" data-testid="selected-count">{{ a.selected().size }} selected</span>
      <button
        mat-flat-button
        type="button"
        (click)="a.downloadSelected()"
        [disabled]="a.selected().size === 0 || a.busy()"
        data-testid="download-selected"
      >
        Download selected
      </button>
      <button
        mat-stroked-button
        type="button"
        (click)="a.ignoreSelected()"
        [disabled]="a.selected().size === 0 || a.busy()"
        data-testid="ignore-selected"
      >
        Ignore selected
      </button>
      @if (a.selected().size) {
        <button mat-button type="button" (click)="a.clear()" data-testid="clear-selection">Clear</button>
      }
      <span class="grow"></span>
      <button
        mat-stroked-button
        type="button"
        (click)="viewChange.emit(view() === 'grid' ? 'list' : 'grid')"
        [attr.aria-label]="view() === 'grid' ? 'Show the videos as a list' : 'Show the videos as a grid'"
        [attr.data-view]="view()"
        data-testid="view-toggle"
      >
        <span aria-hidden="true">{{ view() === 'grid' ? '☰ ' : '▦ ' }}</span>{{
          view() === 'grid' ? 'List view' : 'Grid view'
        }}
      </button>
    </div>
    <app-outcome [error]="a.error()" [notice]="a.notice()" testId="videos-action" />
  `,
  styleUrl: '../../../shared/panel-part.css',
  styles: `
    .selection {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
  `,
})
export class SelectionBar {
  readonly actions = input.required<VideoActions>();
  /** No video on the page: nothing to select. */
  readonly empty = input.required<boolean>();
  readonly view = input.required<VideoView>();
  readonly viewChange = output<VideoView>();
}
