import { computed, signal } from '@angular/core';
import { NO_RANGES, rangeQuery, rangesActive, type Ranges } from '../../shared/range-filters';
import { triStateChoices, type TriState, type TriStateChoice } from '../../shared/tri-state';
import { watchedStateQuery, type WatchedState } from '../../shared/watch-state';
import type { Video } from './api-types';
import type { VideoQuery } from './library-api';

const TRI_CHOICES: Readonly<Record<'protected' | 'missing', readonly TriStateChoice[]>> = {
  protected: triStateChoices('Only protected', 'Not protected'),
  missing: triStateChoices('Only missing on disk', 'Present on disk'),
};

/**
 * The library's filters (watched, protected, missing on disk, one channel, ranges) and the query
 * parameters they send. Every change calls `onChange` (the list goes back to its first page).
 */
export class LibraryFilters {
  /** The watched filter (`watchedState`; "any" is not sent). */
  readonly watchedState = signal<WatchedState>('any');
  readonly protectedFilter = signal<TriState>('off');
  readonly missingFilter = signal<TriState>('off');
  /** Only this channel's videos (chosen by clicking a channel name); null = every channel. */
  readonly channel = signal<{ id: string; name: string } | null>(null);
  readonly ranges = signal<Ranges>(NO_RANGES);
  readonly triChoices = TRI_CHOICES;
  /** The yes / no / any filters as the page shows them, one select each. */
  readonly triFilters = [
    { key: 'protected', label: 'Protected', value: this.protectedFilter, choices: TRI_CHOICES.protected },
    { key: 'missing', label: 'On disk', value: this.missingFilter, choices: TRI_CHOICES.missing },
  ] as const;
  readonly active = computed(
    () =>
      this.watchedState() !== 'any' ||
      this.protectedFilter() !== 'off' ||
      this.missingFilter() !== 'off' ||
      this.channel() !== null ||
      rangesActive(this.ranges()),
  );

  constructor(private readonly onChange: () => void) {}

  /** The filter part of `GET /api/videos`. */
  query(): Partial<VideoQuery> {
    return {
      watchedState: watchedStateQuery(this.watchedState()),
      ...(this.protectedFilter() !== 'off' ? { protectedFilter: this.protectedFilter() } : {}),
      ...(this.missingFilter() !== 'off' ? { missingFilter: this.missingFilter() } : {}),
      ...(this.channel() ? { channelId: this.channel()!.id } : {}),
      ...rangeQuery(this.ranges()),
    };
  }

  setWatchedState(state: WatchedState): void {
    this.watchedState.set(state);
    this.onChange();
  }

  setFilter(which: 'protected' | 'missing', value: TriState): void {
    (which === 'protected' ? this.protectedFilter : this.missingFilter).set(value);
    this.onChange();
  }

  setRanges(value: Ranges): void {
    this.ranges.set(value);
    this.onChange();
  }

  filterChannel(v: Video | null): void {
    this.channel.set(v?.channelId ? { id: v.channelId, name: v.channelName ?? v.channelId } : null);
    this.onChange();
  }

  clear(): void {
    this.watchedState.set('any');
    this.protectedFilter.set('off');
    this.missingFilter.set('off');
    this.channel.set(null);
    this.ranges.set(NO_RANGES);
    this.onChange();
  }
}
