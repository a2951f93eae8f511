import type { WatchedState } from '@vidkeep/contracts';

export type { WatchedState };

/** The fields every list row that shows watched state carries (contracts `watchFields`). */
export interface WatchFields {
  /** Counted as watched under `watchStatusWatchedRule`; null: no media server reported on it. */
  watched: boolean | null;
  /** Who watched it, as `<user> (<server>)`. */
  watched_by: readonly string[];
}

export type WatchKind = 'watched' | 'unwatched' | 'unknown';

/** The `watchedState` filter of the video lists, in words (contracts `WATCHED_STATES`). */
export const WATCHED_STATE_CHOICES: readonly { value: WatchedState; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'watched', label: 'Watched' },
  { value: 'unwatched', label: 'Unwatched' },
  { value: 'unknown', label: 'Unknown (not synced)' },
];

/** The filter as a query value: left out when it filters nothing. */
export const watchedStateQuery = (state: WatchedState): WatchedState | undefined =>
  state === 'any' ? undefined : state;

export const watchKind = (v: WatchFields): WatchKind =>
  v.watched === null ? 'unknown' : v.watched ? 'watched' : 'unwatched';

const BADGE_TEXT: Readonly<Record<WatchKind, string>> = {
  watched: 'Watched',
  unwatched: 'Unwatched',
  unknown: 'Watch state unknown',
};

/** The badge's words: "Watched", "Unwatched", "Watch state unknown". */
export const watchBadgeText = (v: WatchFields): string => BADGE_TEXT[watchKind(v)];

/**
 * Who watched it, in a sentence (the badge's tooltip and accessible description). A video can
 * be unwatched and still have viewers: under the `primary` rule only the primary accounts count.
 */
export function watchDetail(v: WatchFields): string {
  const by = v.watched_by.join(', ');
  switch (watchKind(v)) {
    case 'watched':
      return by ? `Watched by ${by}` : 'Watched';
    case 'unwatched':
      return by
        ? `Not watched by a primary account; watched by ${by}`
        : 'The media servers know it; nobody has watched it yet';
    case 'unknown':
      return 'No media server has reported on this video yet';
  }
}
