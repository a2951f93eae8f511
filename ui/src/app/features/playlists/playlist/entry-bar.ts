import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import { BusyButton } from '../../../shared/busy-button';
import { ListSelectionBar, type SelectionAction } from '../../../shared/selection-bar';
import { canSelectForAutomatic } from '../playlist-format';
import type { EntryActions } from './entry-actions';
import type { PlaylistOverview } from './playlist-overview';

/** Select the page, act on the selection (kept across pages), and "Download new". */
@Component({
  selector: 'app-entry-bar',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton, ListSelectionBar],
  template: `
    @let a = actions();
    <app-list-selection-bar [source]="a" [empty]="empty()" [actions]="buttons()" [testIds]="ids">
      <app-busy-button
        barEnd
        appearance="filled"
        text="Download new"
        [busy]="a.busy()"
        testId="entries-download-new"
        (pressed)="a.downloadEntries('new')"
      />
      <p barNote class="small muted">
        Download new queues every available video the library never had and nobody ignored.
        @if (automatic()) {
          Videos from before the starting point download automatically only when selected for it.
        }
      </p>
    </app-list-selection-bar>
  `,
  styleUrl: '../../../shared/panel-part.css',
})
export class EntryBar {
  readonly actions = input.required<EntryActions>();
  readonly overview = input.required<PlaylistOverview>();
  /** No entry on the page: nothing to select. */
  readonly empty = input.required<boolean>();
  readonly ids = {
    page: 'entries-select-page',
    count: 'entries-selected-count',
    clear: 'entries-clear',
    outcome: 'entries-action',
  };
  readonly automatic = computed(() => {
    const p = this.overview().playlist();
    return !!p && canSelectForAutomatic(p);
  });
  readonly buttons = computed((): SelectionAction[] => [
    {
      label: 'Download selected',
      testId: 'entries-download-selected',
      kind: 'stroked',
      run: () => void this.actions().downloadEntries('selected'),
    },
    ...(this.automatic()
      ? [
          {
            label: 'Select for automatic download',
            testId: 'entries-select-automatic',
            kind: 'stroked' as const,
            run: () => void this.actions().selectForAutomatic(),
          },
        ]
      : []),
  ]);
}
