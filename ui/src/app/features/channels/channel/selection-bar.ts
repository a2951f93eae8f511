import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { ListSelectionBar, type SelectionAction } from '../../../shared/selection-bar';
import type { VideoActions } from './video-actions';

export type VideoView = 'grid' | 'list';

/** Select the page, act on the selection (kept across pages), and switch grid and list. */
@Component({
  selector: 'app-selection-bar',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule, ListSelectionBar],
  template: `
    @let a = actions();
    <app-list-selection-bar [source]="a" [empty]="empty()" [actions]="buttons" [testIds]="ids">
      <button
        barEnd
        mat-stroked-button
        type="button"
        (click)="viewChange.emit(view() === 'grid' ? 'list' : 'grid')"
        [attr.data-view]="view()"
        data-testid="view-toggle"
      >
        <span aria-hidden="true">{{ view() === 'grid' ? '☰ ' : '▦ ' }}</span>{{
          view() === 'grid' ? 'List view' : 'Grid view'
        }}
      </button>
    </app-list-selection-bar>
  `,
  styleUrl: '../../../shared/panel-part.css',
})
export class SelectionBar {
  readonly actions = input.required<VideoActions>();
  /** No video on the page: nothing to select. */
  readonly empty = input.required<boolean>();
  readonly view = input.required<VideoView>();
  readonly viewChange = output<VideoView>();
  readonly ids = { page: 'select-page', count: 'selected-count', clear: 'clear-selection', outcome: 'videos-action' };
  readonly buttons: readonly SelectionAction[] = [
    {
      label: 'Download selected',
      testId: 'download-selected',
      kind: 'flat',
      run: () => void this.actions().downloadSelected(),
    },
    {
      label: 'Ignore selected',
      testId: 'ignore-selected',
      kind: 'stroked',
      run: () => void this.actions().ignoreSelected(),
    },
  ];
}
