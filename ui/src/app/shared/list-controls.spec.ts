import { Component } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { dom } from '../../testing/dom';
import { settle } from '../../testing/settle';
import { ListControls, type SortChoice } from './list-controls';
import { PagedList } from './paged-list';

type Sort = 'position' | 'recent';

@Component({
  selector: 'app-host',
  imports: [ListControls],
  template: `<app-list-controls [list]="list" [choices]="choices" testId="things" />`,
})
class Host {
  readonly asked: string[] = [];
  readonly choices: SortChoice<Sort>[] = [
    { value: 'position', label: 'Position', asc: 'First to last', desc: 'Last to first' },
    { value: 'recent', label: 'First seen', asc: 'Oldest first', desc: 'Newest first', only: 'desc' },
  ];
  readonly list = new PagedList<string, Sort>({
    what: 'things',
    pageSize: 10,
    sortBy: 'position',
    sortOrder: 'asc',
    fetch: async (l) => {
      this.asked.push(`${l.sortBy()} ${l.sortOrder()}`);
      return { items: [], total: 0 };
    },
  });
}

describe('ListControls', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('offers only the one direction a sort has, and takes it when that sort is chosen', async () => {
    const fixture = TestBed.createComponent(Host);
    await settle(fixture);
    /** Opens a select and returns the options of its panel (an earlier panel may still be closing). */
    const open = async (testId: string) => {
      const select = dom(fixture).one(`[data-testid="${testId}"]`)!;
      select.click();
      await settle(fixture);
      const panel = document.getElementById(select.getAttribute('aria-controls')!)!;
      return [...panel.querySelectorAll<HTMLElement>('mat-option')];
    };
    const texts = (options: HTMLElement[]) => options.map((o) => o.textContent?.trim());
    const order = await open('things-order');
    expect(texts(order)).toEqual(['Last to first', 'First to last']);
    order[0]!.click();
    await settle(fixture);
    (await open('things-sort'))[1]!.click();
    await settle(fixture);
    expect(fixture.componentInstance.asked).toEqual(['position desc', 'recent desc']);
    expect(texts(await open('things-order'))).toEqual(['Newest first']);
  });
});
