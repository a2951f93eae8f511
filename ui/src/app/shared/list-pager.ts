import { Component, input, ChangeDetectionStrategy } from '@angular/core';
import { MatPaginatorModule } from '@angular/material/paginator';
import type { PagedList } from './paged-list';

/** The pages of a `PagedList`: where it is, how many per page, moving on. */
@Component({
  selector: 'app-list-pager',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatPaginatorModule],
  template: `
    <mat-paginator
      [length]="list().total()"
      [pageIndex]="list().pageIndex()"
      [pageSize]="list().pageSize()"
      [pageSizeOptions]="sizes()"
      (page)="list().onPage($event)"
      [attr.aria-label]="label()"
      [attr.data-testid]="testId()"
    />
  `,
  styles: `
    :host {
      display: block;
    }
  `,
})
export class ListPager {
  readonly list = input.required<PagedList<unknown, string>>();
  readonly sizes = input.required<readonly number[]>();
  /** The accessible name, e.g. "Pages of channels". */
  readonly label = input.required<string>();
  readonly testId = input.required<string>();
}
