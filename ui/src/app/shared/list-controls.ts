import { Component, ViewEncapsulation, computed, input, ChangeDetectionStrategy } from '@angular/core';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatSelectModule } from '@angular/material/select';
import type { PagedList, SortOrder } from './paged-list';

/** A sort field with its label and the words for each direction ("Newest first"). */
export interface SortChoice<S extends string> {
  value: S;
  label: string;
  asc: string;
  desc: string;
  /** The one direction this sort has (the server knows no other): the order field offers only it. */
  only?: SortOrder;
}

/**
 * Search box, sort field and order of a `PagedList`. Extra filters (form fields) projected into
 * it line up with them: after the order, or between the search and the sort field when they
 * have the class `before-sort`. Test ids: `<testId>-search`, `-sort`, `-order`.
 */
@Component({
  selector: 'app-list-controls',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatFormFieldModule, MatInputModule, MatSelectModule],
  template: `
    <div class="controls" role="search" [attr.aria-label]="searchName()">
      <mat-form-field appearance="outline" class="search">
        <mat-label>{{ searchLabel() }}</mat-label>
        <input
          matInput
          type="search"
          [value]="list().searchText()"
          (input)="list().onSearch($any($event.target).value)"
          maxlength="200"
          autocomplete="off"
          [placeholder]="placeholder()"
          [attr.data-testid]="testId() + '-search'"
        />
      </mat-form-field>
      <ng-content select=".before-sort" />
      <mat-form-field appearance="outline">
        <mat-label>Sort by</mat-label>
        <mat-select [value]="list().sortBy()" (valueChange)="setSortBy($event)" [attr.data-testid]="testId() + '-sort'">
          @for (s of choices(); track s.value) {
            <mat-option [value]="s.value">{{ s.label }}</mat-option>
          }
        </mat-select>
      </mat-form-field>
      <mat-form-field appearance="outline">
        <mat-label>Order</mat-label>
        <mat-select
          [value]="list().sortOrder()"
          (valueChange)="list().setSort(list().sortBy(), $event)"
          [attr.data-testid]="testId() + '-order'"
        >
          @for (o of orders(); track o) {
            <mat-option [value]="o">{{ orderLabel(o) }}</mat-option>
          }
        </mat-select>
      </mat-form-field>
      <ng-content />
    </div>
  `,
  // Not encapsulated, so that the rules reach the projected filters too.
  encapsulation: ViewEncapsulation.None,
  styles: `
    app-list-controls .controls {
      display: flex;
      flex-wrap: wrap;
      gap: 0 12px;
    }
    app-list-controls .controls > .search {
      flex: 1 1 250px;
    }
    app-list-controls .controls > :not(.search) {
      flex: 0 1 175px;
    }
    @media (max-width: 599px) {
      app-list-controls .controls > :not(.search) {
        flex: 1 1 140px;
      }
    }
  `,
})
export class ListControls<S extends string> {
  readonly list = input.required<PagedList<unknown, S>>();
  readonly choices = input.required<readonly SortChoice<S>[]>();
  readonly searchLabel = input('Search');
  readonly placeholder = input('');
  readonly testId = input.required<string>();
  /** The name of the search landmark, when the page has more than one or it needs saying. */
  readonly searchName = input<string | null>(null);
  private readonly choice = computed(() => this.choices().find((s) => s.value === this.list().sortBy()));
  readonly orders = computed<readonly SortOrder[]>(() => {
    const only = this.choice()?.only;
    return only ? [only] : ['desc', 'asc'];
  });

  orderLabel(order: SortOrder): string {
    return this.choice()?.[order] ?? (order === 'asc' ? 'Ascending' : 'Descending');
  }

  /** A sort with one direction takes it; the others keep the chosen order. */
  setSortBy(field: S): void {
    const only = this.choices().find((s) => s.value === field)?.only;
    this.list().setSort(field, only ?? this.list().sortOrder());
  }
}
