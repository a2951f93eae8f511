import { advanceFetch, fetchStateFromMessage, fetchStateFromStatus, type FetchState } from './fetch-state';

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
    ).toEqual({
      tab: 'videos',
      stage: 'starting',
      itemsFetched: 0,
      own: true,
    });
    expect(
      fetchStateFromStatus(
        { isFetching: true, type: 'full', tabType: 'videos', progress: { stage: 'saving', itemsFetched: 5000 } },
        'videos',
        false,
      ),
    ).toEqual({
      tab: 'videos',
      stage: 'saving',
      itemsFetched: 5000,
      own: false,
    });
  });

  it('never goes back and keeps who started it', () => {
    const s: FetchState = { tab: 'videos', stage: 'listing', itemsFetched: 300, own: true };
    expect(advanceFetch(s, { tab: 'videos', stage: 'listing', itemsFetched: 100, own: false })).toBe(s);
    expect(advanceFetch(s, { tab: 'videos', stage: 'starting', itemsFetched: 0, own: false })).toBe(s);
    expect(advanceFetch(s, { tab: 'videos', stage: 'listing', itemsFetched: 900, own: false })).toEqual({
      tab: 'videos',
      stage: 'listing',
      itemsFetched: 900,
      own: true,
    });
    expect(advanceFetch(s, { tab: 'videos', stage: 'saving', itemsFetched: 900, own: false }).stage).toBe('saving');
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
    ).toEqual({
      tab: 'shorts',
      stage: 'done',
      itemsFetched: 4,
      own: false,
    });
  });
});
