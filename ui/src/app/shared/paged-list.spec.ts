import { TestBed } from '@angular/core/testing';
import { ApiError } from '../core/api';
import { PagedList, type PageAnswer } from './paged-list';

type Fetch = (list: PagedList<string, 'title'>) => Promise<PageAnswer<string>>;

function makeList(fetch: Fetch): PagedList<string, 'title'> {
  return TestBed.runInInjectionContext(
    () => new PagedList<string, 'title'>({ what: 'things', pageSize: 10, sortBy: 'title', sortOrder: 'asc', fetch }),
  );
}

describe('PagedList', () => {
  it('steps back to the last page that has items when the current one became empty', async () => {
    const asked: number[] = [];
    const list = makeList(async (l) => {
      asked.push(l.pageIndex());
      return l.pageIndex() >= 2 ? { items: [], total: 15 } : { items: ['k', 'l', 'm', 'n', 'o'], total: 15 };
    });
    list.pageIndex.set(2);
    await list.load();
    await vi.waitFor(() => expect(list.items()).toEqual(['k', 'l', 'm', 'n', 'o']));
    expect(asked).toEqual([2, 1]);
    expect(list.pageIndex()).toBe(1);
    expect(list.total()).toBe(15);
  });

  it('refreshes quietly, keeps the whole answer and forgets it on clear', async () => {
    const seen: boolean[] = [];
    const list = TestBed.runInInjectionContext(
      () =>
        new PagedList<string, 'title', PageAnswer<string> & { fetchedAt: string }>({
          what: 'things',
          pageSize: 10,
          sortBy: 'title',
          sortOrder: 'asc',
          fetch: async (l) => {
            seen.push(l.loading());
            return l.pageIndex() >= 2
              ? { items: [], total: 15, fetchedAt: 'never' }
              : { items: ['k'], total: 15, fetchedAt: 'today' };
          },
        }),
    );
    list.pageIndex.set(2);
    await list.load({ quiet: true });
    await vi.waitFor(() => expect(list.items()).toEqual(['k']));
    expect(seen).toEqual([false, false]);
    expect(list.answer()?.fetchedAt).toBe('today');
    await list.load();
    expect(seen.at(-1)).toBe(true);
    list.clear();
    expect([list.items(), list.total(), list.answer()]).toEqual([[], 0, null]);
  });

  it('drops the answer of a request overtaken by a newer one', async () => {
    const pending: ((a: PageAnswer<string>) => void)[] = [];
    const list = makeList(() => new Promise((resolve) => pending.push(resolve)));
    const first = list.load();
    const second = list.load();
    pending[1]!({ items: ['new'], total: 1 });
    await second;
    pending[0]!({ items: ['old'], total: 1 });
    await first;
    expect(list.items()).toEqual(['new']);
    expect(list.loading()).toBe(false);
  });

  it('shows the server explanation and clears it after the next success', async () => {
    let fail = true;
    const list = makeList(async () => {
      if (fail) throw new ApiError(500, 'database is locked');
      return { items: ['a'], total: 1 };
    });
    await list.load();
    expect(list.error()).toBe('The things could not be loaded: database is locked');
    fail = false;
    await list.load();
    expect(list.error()).toBeNull();
  });

  it('sorting and searching go back to the first page; searching waits for a pause', async () => {
    vi.useFakeTimers();
    try {
      const asked: { page: number; search: string; order: string }[] = [];
      const list = makeList(async (l) => {
        asked.push({ page: l.pageIndex(), search: l.search(), order: l.sortOrder() });
        return { items: ['a'], total: 30 };
      });
      list.onPage({ pageIndex: 2, pageSize: 10, length: 30 });
      list.setSort('title', 'desc');
      list.onSearch(' cat');
      list.onSearch(' cats ');
      expect(list.searchText()).toBe(' cats ');
      await vi.advanceTimersByTimeAsync(300);
      expect(asked).toEqual([
        { page: 2, search: '', order: 'asc' },
        { page: 0, search: '', order: 'desc' },
        { page: 0, search: 'cats', order: 'desc' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
