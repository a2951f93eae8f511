import type { LiveMessage } from '@vidkeep/contracts';
import type { FetchStatusResponse, TabType } from '../api-types';

/** A full listing fetch ("Load all") of one tab, as the page shows it. */
export interface FetchState {
  tab: TabType;
  stage: 'starting' | 'listing' | 'saving' | 'done';
  itemsFetched: number;
  /** True when this page started it (its POST is pending); false when only observed. */
  own: boolean;
}

/**
 * What `GET …/fetch-status?tabType=` says about a full fetch of `tab`: its state, or null when none
 * runs (a background refresh is not a "Load all" and is not shown as one).
 */
export function fetchStateFromStatus(status: FetchStatusResponse, tab: TabType, own: boolean): FetchState | null {
  if (!status.isFetching || status.type !== 'full' || (status.tabType && status.tabType !== tab)) return null;
  return {
    tab,
    stage: status.progress?.stage ?? 'starting',
    itemsFetched: status.progress?.itemsFetched ?? 0,
    own,
  };
}

export const fetchStateFromMessage = (m: LiveMessage<'channelFetchProgress'>, own: boolean): FetchState => ({
  tab: m.tabType,
  stage: m.stage,
  itemsFetched: m.itemsFetched,
  own,
});

const STAGE_ORDER = { starting: 0, listing: 1, saving: 2, done: 3 } as const;

/**
 * The next state of a fetch from a poll answer or a pushed message. Progress never goes back (a
 * late poll answer after a newer push); who started it (`own`) stays.
 */
export function advanceFetch(state: FetchState | null, next: FetchState): FetchState {
  if (!state || state.tab !== next.tab) return next;
  const older =
    STAGE_ORDER[next.stage] < STAGE_ORDER[state.stage] ||
    (next.stage === state.stage && next.itemsFetched < state.itemsFetched);
  return older ? state : { ...state, stage: next.stage, itemsFetched: next.itemsFetched };
}
