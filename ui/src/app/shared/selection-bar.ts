import { Component, input, ChangeDetectionStrategy } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { Outcome } from './outcome';

/** How much of the page is selected (drives the "Select this page" checkbox). */
export interface PageSelection {
  all: boolean;
  some: boolean;
}

/** How much of the page `ids` is selected. */
export function pageSelection(ids: readonly string[], isSelected: (id: string) => boolean): PageSelection {
  const n = ids.filter(isSelected).length;
  return { all: ids.length > 0 && n === ids.length, some: n > 0 && n < ids.length };
}

/** What a selection bar shows and drives: the selection of a list and the answer of its actions. */
export interface SelectionSource {
  readonly pageSelection: () => PageSelection;
  readonly selectedCount: () => number;
  readonly busy: () => boolean;
  readonly error: () => string | null;
  readonly notice: () => string | null;
  selectPage(on: boolean): void;
  clear(): void;
}

/** A button that acts on the selection: disabled while nothing is selected or the list is busy. */
export interface SelectionAction {
  label: string;
  testId: string;
  /** `flat` = the main action, `stroked` = the others. */
  kind: 'flat' | 'stroked';
  run: () => void;
}

/** The test ids of a selection bar's own parts. */
export interface SelectionBarIds {
  page: string;
  count: string;
  clear: string;
  /** `<outcome>-error` and `<outcome>-notice` of what the actions answered. */
  outcome: string;
}

/**
 * Select the page of a list, act on the selection (kept across pages) and clear it; what follows
 * the spacer (`[barEnd]`) and a note under the bar (`[barNote]`) come from the list.
 */
@Component({
  selector: 'app-list-selection-bar',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule, MatCheckboxModule, Outcome],
  template: `
    @let ids = testIds();
    @let s = source();
    @let count = s.selectedCount();
    <div class="selection">
      <mat-checkbox
        [checked]="s.pageSelection().all"
        [indeterminate]="s.pageSelection().some"
        [disabled]="empty()"
        (change)="s.selectPage($event.checked)"
        [attr.data-testid]="ids.page"
        >Select this page</mat-checkbox
      >
      <span class="small" role="status" [attr.data-testid]="ids.count">{{ count }} selected</span>
      @for (b of actions(); track b.testId) {
        <button
          [matButton]="b.kind === 'flat' ? 'filled' : 'outlined'"
          type="button"
          (click)="b.run()"
          [disabled]="count === 0 || s.busy()"
          [attr.data-testid]="b.testId"
        >
          {{ b.label }}
        </button>
      }
      @if (count) {
        <button mat-button type="button" (click)="s.clear()" [attr.data-testid]="ids.clear">Clear</button>
      }
      <span class="grow"></span>
      <ng-content select="[barEnd]" />
    </div>
    <ng-content select="[barNote]" />
    <app-outcome [error]="s.error()" [notice]="s.notice()" [testId]="ids.outcome" />
  `,
  styleUrl: './panel-part.css',
  styles: `
    .selection {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
  `,
})
export class ListSelectionBar {
  readonly source = input.required<SelectionSource>();
  /** No item on the page: nothing to select. */
  readonly empty = input.required<boolean>();
  readonly actions = input<readonly SelectionAction[]>([]);
  readonly testIds = input.required<SelectionBarIds>();
}
