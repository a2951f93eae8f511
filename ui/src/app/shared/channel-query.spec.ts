import { DEFAULT_VIDEO_STATE, channelListQuery, channelVideosQuery, chunk, searchQueryProblem } from './channel-query';

describe('channel-query', () => {
  it('builds the /getchannels query, leaving out empty search and subfolder', () => {
    expect(
      channelListQuery({ pageIndex: 0, pageSize: 20, search: '  ', sortBy: 'title', sortOrder: 'asc', subFolder: '' }),
    ).toEqual({
      page: 1,
      pageSize: 20,
      sortBy: 'title',
      sortOrder: 'asc',
    });
    expect(
      channelListQuery({
        pageIndex: 2,
        pageSize: 500,
        search: ' news ',
        sortBy: 'createdAt',
        sortOrder: 'desc',
        subFolder: '__default__',
      }),
    ).toEqual({
      page: 3,
      pageSize: 100,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      search: 'news',
      subFolder: '__default__',
    });
  });

  it('builds the /getchannelvideos query with every filter', () => {
    expect(channelVideosQuery({ ...DEFAULT_VIDEO_STATE, tabType: 'shorts' })).toEqual({
      tabType: 'shorts',
      page: 1,
      pageSize: 50,
      downloadedFilter: 'off',
      ignoredFilter: 'off',
      watchedFilter: 'off',
      sortBy: 'date',
      sortOrder: 'desc',
    });
    const q = channelVideosQuery({
      tabType: 'videos',
      pageIndex: 3,
      pageSize: 24,
      search: ' review ',
      downloaded: 'exclude',
      ignored: 'only',
      watched: 'exclude',
      sortBy: 'duration',
      sortOrder: 'asc',
    });
    expect(q).toEqual({
      tabType: 'videos',
      page: 4,
      pageSize: 24,
      searchQuery: 'review',
      downloadedFilter: 'exclude',
      ignoredFilter: 'only',
      watchedFilter: 'exclude',
      sortBy: 'duration',
      sortOrder: 'asc',
    });
  });

  it('splits downloads into batches of 50', () => {
    const urls = Array.from({ length: 120 }, (_, i) => `u${i}`);
    const batches = chunk(urls);
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batches.flat()).toEqual(urls);
    expect(chunk([])).toEqual([]);
    expect(chunk([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(() => chunk([1], 0)).toThrow();
  });

  it('checks a channel search query like the server', () => {
    expect(searchQueryProblem('   ')).toBe('Enter what to search for');
    expect(searchQueryProblem('x'.repeat(201))).toContain('200');
    expect(searchQueryProblem(' ok\u0007 ')).toContain('control');
    expect(searchQueryProblem(' lofi music ')).toBeNull();
  });
});
