import { Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { settle } from '../../testing/settle';
import { NO_RANGES, RangeFilters, rangeQuery, rangesActive, type Ranges } from './range-filters';
import { ratingSourceLabel, ratingText } from './ratings';

describe('range filters', () => {
  it('turns typed bounds into query fields (minutes to seconds, MB to bytes), leaving out empty and unusable ones', () => {
    expect(rangeQuery(NO_RANGES)).toEqual({});
    expect(rangesActive(NO_RANGES)).toBe(false);
    const r = { from: '2025-01-01', to: 'bad', minLength: '1.5', maxLength: '-3', minSize: '2', maxSize: 'x' };
    expect(rangesActive(r)).toBe(true);
    expect(rangeQuery(r)).toEqual({ downloadedFrom: '2025-01-01', minDuration: 90, minSize: 2 * 1024 * 1024 });
    expect(
      rangeQuery({ ...NO_RANGES, to: '2025-02-01', maxSize: '5' }, { from: 'dateFrom', to: 'dateTo' }, false),
    ).toEqual({
      dateTo: '2025-02-01',
    });
  });

  it('says a rating and where it came from in words', () => {
    expect(ratingText({ normalized_rating: 'R', rating_source: 'yt-dlp:age_limit=18' })).toBe('R');
    expect(ratingText({ normalized_rating: null, rating_source: 'Manual Override' })).toBe('Not rated');
    expect(ratingText({ normalized_rating: null, rating_source: null })).toBeNull();
    expect(ratingSourceLabel('yt-dlp:age_limit=18')).toBe("the platform's age limit (18+)");
    expect(ratingSourceLabel('Playlist Default')).toBe("the playlist's default");
  });
});

@Component({
  selector: 'app-host',
  imports: [RangeFilters],
  template: `<app-range-filters [value]="value" [withSize]="withSize()" testId="lib" (changed)="seen.push($event)" />`,
})
class RangeHost {
  readonly value: Ranges = NO_RANGES;
  readonly withSize = signal(true);
  readonly seen: Ranges[] = [];
}

describe('RangeFilters', () => {
  const labels = (el: HTMLElement) => Array.from(el.querySelectorAll('mat-label')).map((l) => l.textContent?.trim());

  it('shows the length bounds, the size bounds only for a list with sizes, and reports what is typed', async () => {
    const fixture = TestBed.createComponent(RangeHost);
    await settle(fixture);
    const el = fixture.nativeElement as HTMLElement;
    expect(labels(el)).toEqual([
      'Downloaded from',
      'Downloaded until',
      'Min. minutes',
      'Max. minutes',
      'Min. MB',
      'Max. MB',
    ]);
    const maxSize = el.querySelector<HTMLInputElement>('[data-testid="lib-max-size"]')!;
    maxSize.value = '700';
    maxSize.dispatchEvent(new Event('change'));
    expect(fixture.componentInstance.seen).toEqual([{ ...NO_RANGES, maxSize: '700' }]);

    fixture.componentInstance.withSize.set(false);
    await settle(fixture);
    expect(labels(el)).toEqual(['Downloaded from', 'Downloaded until', 'Min. minutes', 'Max. minutes']);
  });
});
