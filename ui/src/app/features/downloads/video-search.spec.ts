import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { settle } from '../../../testing/settle';
import type { VideoSearchResult } from './api-types';
import { VideoSearch } from './video-search';

const result = (sourceId: string, extra: Partial<VideoSearchResult> = {}): VideoSearchResult => ({
  sourceId,
  title: `Found ${sourceId}`,
  url: `https://www.youtube.com/watch?v=${sourceId}`,
  channelName: 'Fixture Channel',
  channelId: 'UCxxxxxxxxxxxxxxxxxxxxxx',
  duration: 125,
  thumbnailUrl: null,
  publishedAt: '2025-01-01T12:00:00.000Z',
  viewCount: 1500,
  status: 'never_downloaded',
  activity: null,
  databaseId: null,
  filePath: null,
  fileSize: null,
  audioFilePath: null,
  audioFileSize: null,
  addedAt: null,
  isProtected: null,
  normalizedRating: null,
  ratingSource: null,
  videoResolution: null,
  ...extra,
});

describe('VideoSearch', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<VideoSearch>;
  const d = () => dom(fixture);

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideRouter([]), provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    fixture = TestBed.createComponent(VideoSearch);
    await settle(fixture);
  });
  afterEach(() => vi.useRealTimers());

  it('searches, shows what the library has of each result, and adds a result to the download list', async () => {
    api.on('POST', '/api/videos/search', () => ({
      results: [
        result('aaaaaaaaaaa', { status: 'downloaded', isProtected: true, normalizedRating: 'PG' }),
        result('bbbbbbbbbbb'),
      ],
    }));
    const added: string[] = [];
    fixture.componentInstance.add.subscribe((url) => added.push(url));
    d().type('[data-testid="video-search-query"]', ' cats ');
    d().click('[data-testid="video-search-submit"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/videos/search')[0]!.body).toEqual({ query: 'cats', count: 10 });
    const rows = d().all('[data-testid="video-search-result"]');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.querySelector('[data-testid="video-search-status"]')!.textContent).toContain('In the library');
    expect(rows[0]!.textContent).toContain('protected');
    expect(rows[1]!.querySelector('[data-testid="video-search-status"]')!.textContent).toContain('Not downloaded');
    expect(rows[1]!.textContent).toContain('1,500 views');
    rows[1]!.querySelector<HTMLButtonElement>('[data-testid="video-search-add"]')!.click();
    await settle(fixture);
    expect(added).toEqual(['https://www.youtube.com/watch?v=bbbbbbbbbbb']);
    expect(rows[1]!.querySelector('[data-testid="video-search-add"]')!.textContent!.trim()).toBe('Added');
  });

  it('refuses an empty query without asking, and shows the server refusal', async () => {
    d().click('[data-testid="video-search-submit"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/videos/search')).toHaveLength(0);
    expect(d().text('[data-testid="video-search-error"]')).toBe('Enter what to search for');
    api.on('POST', '/api/videos/search', () => {
      throw new ApiError(429, 'Too many searches: 10 per minute are allowed.', 'DOWNLOAD_RATE_LIMITED');
    });
    d().type('[data-testid="video-search-query"]', 'cats');
    d().click('[data-testid="video-search-submit"]');
    await settle(fixture);
    expect(d().text('[data-testid="video-search-error"]')).toContain('Too many searches');
  });
});
