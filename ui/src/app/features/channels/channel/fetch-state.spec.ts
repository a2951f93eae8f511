import {
  advanceFetch,
  fetchStateFromMessage,
  fetchStateFromStatus,
  startingFetch,
  type FetchState,
} from './fetch-state';

const progress = {
  pagesRead: 10,
  expectedTotal: 5000,
  etaSeconds: 150,
  sleepRequests: 1,
  cancelling: false,
};

describe('fetch-state', () => {
  it('reads fetch-status answers', () => {
    expect(fetchStateFromStatus({ isFetching: false }, 'videos', false)).toBeNull();
    expect(fetchStateFromStatus({ isFetching: true, type: 'refresh', tabType: 'videos' }, 'videos', false)).toBeNull();
    expect(fetchStateFromStatus({ isFetching: true, type: 'full', tabType: 'shorts' }, 'videos', false)).toBeNull();
    expect(
      fetchStateFromStatus(
        { isFetching: true, type: 'full', tabType: 'videos', startTime: '2026-01-01T00:00:00Z' },
        'videos',
        true,
      ),
    ).toEqual(startingFetch('videos', true));
    expect(
      fetchStateFromStatus(
        {
          isFetching: true,
          type: 'full',
          tabType: 'videos',
          progress: { stage: 'listing', itemsFetched: 300, ...progress },
        },
        'videos',
        false,
      ),
    ).toEqual({ tab: 'videos', own: false, stage: 'listing', itemsFetched: 300, ...progress });
  });

  it('reads the pages, expected total, time left and pacing of a pushed message', () => {
    const m = fetchStateFromMessage(
      {
        type: 'channelFetchProgress',
        channelId: 'UC1',
        tabType: 'videos',
        fetchType: 'full',
        stage: 'listing',
        itemsFetched: 300,
        ...progress,
      },
      false,
    );
    expect(m).toEqual({ tab: 'videos', own: false, stage: 'listing', itemsFetched: 300, ...progress });
  });

  it('never goes back, keeps who started it and a cancel once asked for', () => {
    const s: FetchState = { ...startingFetch('videos', true), stage: 'listing', itemsFetched: 300 };
    expect(advanceFetch(s, { ...s, itemsFetched: 100, own: false })).toBe(s);
    expect(advanceFetch(s, startingFetch('videos', false))).toBe(s);
    expect(advanceFetch(s, { ...s, itemsFetched: 900, pagesRead: 30, own: false })).toEqual({
      ...s,
      itemsFetched: 900,
      pagesRead: 30,
      own: true,
    });
    expect(advanceFetch(s, { ...s, stage: 'saving', itemsFetched: 900, own: false }).stage).toBe('saving');
    const cancelling = advanceFetch(s, { ...s, cancelling: true });
    expect(cancelling.cancelling).toBe(true);
    // A late poll answer from before the cancel does not take it back.
    expect(advanceFetch(cancelling, { ...s, itemsFetched: 330 }).cancelling).toBe(true);
    expect(
      advanceFetch(
        null,
        fetchStateFromMessage(
          {
            type: 'channelFetchProgress',
            channelId: 'UC1',
            tabType: 'shorts',
            fetchType: 'full',
            stage: 'done',
            itemsFetched: 4,
          },
          false,
        ),
      ),
    ).toEqual({ ...startingFetch('shorts', false), stage: 'done', itemsFetched: 4 });
  });
});
