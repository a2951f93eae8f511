import { signal, type WritableSignal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import type { PageEvent } from '@angular/material/paginator';
import { Subject, debounceTime, distinctUntilChanged } from 'rxjs';
import { toApiError } from '../core/api';

export type SortOrder = 'asc' | 'desc';

/** One page as the server answered it. */
export interface PageAnswer<T> {
  items: T[];
  total: number;
}

export interface PagedListOptions<T, S extends string, A extends PageAnswer<T>> {
  /** What the list holds, for error messages: "The {what} could not be loaded: …". */
  what: string;
  pageSize: number;
  sortBy: S;
  sortOrder: SortOrder;
  /** Asks the server for the page the list's signals describe. */
  fetch: (list: PagedList<T, S, A>) => Promise<A>;
}

/**
 * The state and behaviour of a searchable, sortable, paged list: debounced search, sort and page
 * changes (each back to a valid page), answers of outdated requests dropped, a page emptied by a
 * deletion stepping back to the last page that has items, and failures shown as text.
 * Create it in a component's field initializer (it needs the injection context).
 */
export class PagedList<T, S extends string, A extends PageAnswer<T> = PageAnswer<T>> {
  readonly items = signal<T[]>([]);
  readonly total = signal(0);
  /** The last answer whole, for what a page says besides its items; null until one came. */
  readonly answer = signal<A | null>(null);
  readonly pageIndex = signal(0);
  readonly pageSize: WritableSignal<number>;
  /** What is typed in the search box; `search` follows it 300 ms later. */
  readonly searchText = signal('');
  readonly search = signal('');
  readonly sortBy: WritableSignal<S>;
  readonly sortOrder: WritableSignal<SortOrder>;
  readonly loading = signal(false);
  readonly error = signal<string | null>(null);

  private readonly searches = new Subject<string>();
  private generation = 0;

  constructor(private readonly options: PagedListOptions<T, S, A>) {
    this.pageSize = signal(options.pageSize);
    this.sortBy = signal(options.sortBy);
    this.sortOrder = signal(options.sortOrder);
    this.searches.pipe(debounceTime(300), distinctUntilChanged(), takeUntilDestroyed()).subscribe((text) => {
      this.search.set(text.trim());
      this.firstPage();
    });
  }

  /** Loads the page the signals describe; `quiet` keeps the loading bar hidden (a refresh in the background). */
  async load({ quiet = false } = {}): Promise<void> {
    const generation = ++this.generation;
    if (!quiet) this.loading.set(true);
    try {
      const answer = await this.options.fetch(this);
      if (generation !== this.generation) return;
      if (answer.items.length === 0 && answer.total > 0 && this.pageIndex() > 0) {
        this.pageIndex.set(Math.max(0, Math.ceil(answer.total / this.pageSize()) - 1));
        void this.load({ quiet });
        return;
      }
      this.items.set(answer.items);
      this.total.set(answer.total);
      this.answer.set(answer);
      this.error.set(null);
    } catch (err) {
      if (generation === this.generation)
        this.error.set(`The ${this.options.what} could not be loaded: ${toApiError(err).message}`);
    } finally {
      if (generation === this.generation) this.loading.set(false);
    }
  }

  /** Forgets the shown page (another list is about to load in its place); errors stay until a load succeeds. */
  clear(): void {
    this.items.set([]);
    this.total.set(0);
    this.answer.set(null);
  }

  /** Back to the first page and load (after a filter changed). */
  firstPage(): void {
    this.pageIndex.set(0);
    void this.load();
  }

  onSearch(text: string): void {
    this.searchText.set(text);
    this.searches.next(text);
  }

  setSort(field: S, order: SortOrder): void {
    this.sortBy.set(field);
    this.sortOrder.set(order);
    this.firstPage();
  }

  onPage(e: PageEvent): void {
    this.pageIndex.set(e.pageIndex);
    this.pageSize.set(e.pageSize);
    void this.load();
  }
}
