import type { LiveMessage } from '@vidkeep/contracts';
import type { FetchOutcome, FetchStatusResponse, TabType } from '../api-types';
import type { ChannelFetchProgress } from '../../../shared/channel-format';

/** A full listing fetch ("Load all") of one tab, as the page shows it. */
export interface FetchState extends ChannelFetchProgress {
  tab: TabType;
  /** True when this page started it (its POST is pending); false when only observed. */
  own: boolean;
  /** How it ended (a pushed `done`). */
  outcome?: FetchOutcome;
}

/** A fetch that has only just been asked for: nothing read yet. */
export const startingFetch = (tab: TabType, own: boolean): FetchState => ({
  tab,
  own,
  stage: 'starting',
  itemsFetched: 0,
  pagesRead: 0,
  expectedTotal: null,
  etaSeconds: null,
  sleepRequests: 0,
  cancelling: false,
});

/**
 * What `GET …/fetch-status?tabType=` says about a full fetch of `tab`: its state, or null when none
 * runs (a background refresh is not a "Load all" and is not shown as one).
 */
export function fetchStateFromStatus(status: FetchStatusResponse, tab: TabType, own: boolean): FetchState | null {
  if (!status.isFetching || status.type !== 'full' || (status.tabType && status.tabType !== tab)) return null;
  const p = status.progress;
  return p ? { ...startingFetch(tab, own), ...p } : startingFetch(tab, own);
}

export const fetchStateFromMessage = (m: LiveMessage<'channelFetchProgress'>, own: boolean): FetchState => ({
  ...startingFetch(m.tabType, own),
  stage: m.stage,
  itemsFetched: m.itemsFetched,
  pagesRead: m.pagesRead ?? 0,
  expectedTotal: m.expectedTotal ?? null,
  etaSeconds: m.etaSeconds ?? null,
  sleepRequests: m.sleepRequests ?? 0,
  cancelling: m.cancelling ?? false,
  ...(m.outcome ? { outcome: m.outcome } : {}),
});

const STAGE_ORDER = { starting: 0, listing: 1, saving: 2, done: 3 } as const;

/**
 * The next state of a fetch from a poll answer or a pushed message. Progress never goes back (a
 * late poll answer after a newer push); who started it (`own`) stays, and so does a cancel once
 * it was asked for.
 */
export function advanceFetch(state: FetchState | null, next: FetchState): FetchState {
  if (!state || state.tab !== next.tab) return next;
  const older =
    STAGE_ORDER[next.stage] < STAGE_ORDER[state.stage] ||
    (next.stage === state.stage && next.itemsFetched < state.itemsFetched);
  if (older) return next.cancelling && !state.cancelling ? { ...state, cancelling: true } : state;
  return { ...next, own: state.own, cancelling: state.cancelling || next.cancelling };
}
