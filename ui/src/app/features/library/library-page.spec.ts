import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { dom } from '../../../testing/dom';
import { MatTooltip } from '@angular/material/tooltip';
import { By } from '@angular/platform-browser';
import { provideRouter } from '@angular/router';
import { FakeApi, deferred, provideFakeApi } from '../../../testing/fake-api';
import { matSelect } from '../../../testing/mat-select';
import { provideFakeLive } from '../../../testing/fake-live';
import { libraryVideo } from '../../../testing/fixtures/downloads';
import { settle } from '../../../testing/settle';
import type { Video } from './api-types';
import { LibraryPage } from './library-page';

const video = libraryVideo;

describe('LibraryPage', () => {
  let api: FakeApi;
  let list: Video[];
  let deleteError: ApiError | null;
  let fixture: ComponentFixture<LibraryPage>;
  const el = () => fixture.nativeElement as HTMLElement;
  const all = (sel: string) => dom(fixture).all(sel);
  const gets = () => api.callsTo('GET', '/api/videos');
  const deletes = () => api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url);

  beforeEach(async () => {
    vi.useFakeTimers();
    list = [
      video('aaaaaaaaaaa', { watched: true, watched_by: ['ann (Plex)', 'bob (Jellyfin)'] }),
      video('bbbbbbbbbbb', { video_resolution: '0x0', thumbnailUrl: null, watched: false, protected: true }),
      video('ccccccccccc', { video_resolution: null, filePath: null, audioFilePath: '/out/c.mp3' }),
    ];
    deleteError = null;
    TestBed.configureTestingModule({
      providers: [
        provideRouter([]),
        provideFakeApi(),
        provideFakeLive(),
        { provide: Auth, useValue: { token: signal('tok') } },
      ],
    });
    api = TestBed.inject(FakeApi);
    api.on('GET', '/api/videos', () => ({ videos: list, total: 30, page: 1, pageSize: 24 }));
    api.on('DELETE', /^\/api\/videos\/\w+$/, () => {
      if (deleteError) throw deleteError;
      list = list.slice(1);
      return { success: true, message: 'Deleted the 2 files of "Clip aaaaaaaaaaa"', deletedFiles: [] };
    });
    fixture = TestBed.createComponent(LibraryPage);
    await settle(fixture);
  });

  afterEach(() => vi.useRealTimers());

  it('lists videos with thumbnail, resolution and duration', () => {
    const items = all('[data-testid="library-item"]');
    expect(items).toHaveLength(3);
    expect(gets()[0]).toEqual({
      method: 'GET',
      url: '/api/videos',
      query: { page: '1', pageSize: '24', sortBy: 'downloadedAt', sortOrder: 'desc', search: undefined },
    });
    expect(items[0]!.querySelector('img')!.getAttribute('src')).toBe('/api/videos/aaaaaaaaaaa/thumbnail?token=tok');
    expect(items[0]!.querySelector('[data-testid="library-resolution"]')!.textContent!.trim()).toBe('1080p');
    expect(items[0]!.textContent).toContain('1:05');
    expect(items[0]!.textContent).toContain('Fixture Channel');
    expect(items[1]!.querySelector('[data-testid="library-resolution"]')).toBeNull();
    expect(items[1]!.querySelector('img')).toBeNull();
    expect(items[2]!.querySelector('[data-testid="library-resolution"]')!.textContent!.trim()).toBe('audio');
  });

  it('hides a thumbnail that fails to load', async () => {
    all('[data-testid="library-item"]')[0]!.querySelector('img')!.dispatchEvent(new Event('error'));
    await settle(fixture);
    expect(all('[data-testid="library-item"]')[0]!.querySelector('img')).toBeNull();
  });

  it('plays a video with the token in the file URL', async () => {
    all('[data-testid="library-play"]')[0]!.click();
    await settle(fixture);
    const player = el().querySelector<HTMLVideoElement>('[data-testid="library-player"]')!;
    expect(player.tagName).toBe('VIDEO');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('src')).toBe('/api/videos/aaaaaaaaaaa/file?token=tok');
  });

  it('searches after a pause and from the first page', async () => {
    fixture.componentInstance.list.pageIndex.set(1);
    fixture.componentInstance.list.onSearch('clip');
    fixture.componentInstance.list.onSearch('clip a');
    await settle(fixture, 350);
    const searches = gets().filter((g) => g.query?.['search']);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.query).toMatchObject({ search: 'clip a', page: '1' });
  });

  it('sorts', async () => {
    fixture.componentInstance.list.setSort('title', 'asc');
    await settle(fixture);
    expect(gets().at(-1)!.query).toMatchObject({ sortBy: 'title', sortOrder: 'asc', page: '1' });
  });

  it('deletes only after confirmation', async () => {
    all('[data-testid="library-delete"]')[0]!.click();
    await settle(fixture);
    expect(deletes()).toEqual([]);
    all('[data-testid="library-delete-confirm"]')[0]!.click();
    await settle(fixture);
    expect(deletes()).toEqual(['/api/videos/aaaaaaaaaaa']);
    expect(el().querySelector('[data-testid="library-notice"]')!.textContent).toContain('Deleted the 2 files');
    expect(all('[data-testid="library-item"]')).toHaveLength(2);
  });

  it('says a video is protected when asked to delete it, since deleting it yourself still removes it', async () => {
    all('[data-testid="library-delete"]')[0]!.click();
    await settle(fixture);
    expect(el().querySelector('app-confirm-inline')!.textContent).toContain('Delete the files of this video?');
    expect(el().querySelector('app-confirm-inline')!.textContent).not.toContain('protected');
    el().querySelector<HTMLButtonElement>('[data-testid="library-delete-cancel"]')?.click();
    await settle(fixture);
    all('[data-testid="library-delete"]')[1]!.click();
    await settle(fixture);
    expect(el().querySelector('app-confirm-inline')!.textContent).toContain(
      'It is protected from automatic removal; deleting it yourself still removes it.',
    );
  });

  it('shows why a deletion failed', async () => {
    deleteError = new ApiError(404, 'No downloaded video aaaaaaaaaaa');
    all('[data-testid="library-delete"]')[0]!.click();
    await settle(fixture);
    all('[data-testid="library-delete-confirm"]')[0]!.click();
    await settle(fixture);
    const error = el().querySelector('[data-testid="library-item-error"]')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('No downloaded video aaaaaaaaaaa');
  });

  describe('watch state and protection', () => {
    const item = (i: number) => all('[data-testid="library-item"]')[i]!;
    const tooltipOf = (i: number) =>
      fixture.debugElement.queryAll(By.css('[data-testid="library-watched"]'))[i]!.injector.get(MatTooltip).message;
    const protect = (i: number) => item(i).querySelector<HTMLButtonElement>('[data-testid="library-protect"]')!;
    const patches = () => api.calls.filter((c) => c.method === 'PATCH');

    it('shows watched, unwatched and unknown apart, with who watched it on hover', () => {
      const badge = (i: number) => item(i).querySelector<HTMLElement>('[data-testid="library-watched"]')!;
      expect([0, 1, 2].map((i) => badge(i).dataset['state'])).toEqual(['watched', 'unwatched', 'unknown']);
      expect(badge(0).textContent).toContain('Watched');
      expect(badge(1).textContent).toContain('Unwatched');
      expect(badge(2).textContent).toContain('Watch state unknown');
      expect(tooltipOf(0)).toBe('Watched by ann (Plex), bob (Jellyfin)');
      expect(tooltipOf(2)).toBe('No media server has reported on this video yet');
      // Reachable by keyboard, so the tooltip shows on focus too.
      expect(badge(0).getAttribute('tabindex')).toBe('0');
    });

    it('filters by watched state through the query, from the first page', async () => {
      fixture.componentInstance.list.pageIndex.set(1);
      matSelect(fixture, '[data-testid="library-watched-filter"]')
        .options.find((o) => o.value === 'unwatched')!
        .select();
      await settle(fixture);
      expect(gets().at(-1)!.query).toMatchObject({ watchedState: 'unwatched', page: '1' });
      matSelect(fixture, '[data-testid="library-watched-filter"]')
        .options.find((o) => o.value === 'any')!
        .select();
      await settle(fixture);
      expect(gets().at(-1)!.query?.['watchedState']).toBeUndefined();
    });

    it('says when nothing matches the watched filter', async () => {
      api.on('GET', '/api/videos', () => ({ videos: [], total: 0, page: 1, pageSize: 24 }));
      fixture.componentInstance.filters.setWatchedState('unknown');
      await settle(fixture);
      expect(dom(fixture).text('[data-testid="library-empty"]')).toBe('No downloaded video matches the filters.');
    });

    it('protects a video at once and keeps it when the server agrees', async () => {
      const answer = deferred<unknown>();
      api.on('PATCH', /^\/api\/videos\/\w+\/protected$/, () => answer.promise);
      expect(protect(0).getAttribute('aria-pressed')).toBe('false');
      // The shield button says whether it is protected: no second "Protected" badge beside it.
      expect(item(1).querySelector('[data-testid="library-protected-badge"]')).toBeNull();
      expect(protect(1).getAttribute('aria-pressed')).toBe('true');
      expect(protect(1).classList).toContain('on');
      protect(0).click();
      await settle(fixture);
      // Shown before the server answered, and not pressed twice meanwhile.
      expect(protect(0).getAttribute('aria-pressed')).toBe('true');
      expect(protect(0).disabled).toBe(true);
      expect(protect(0).classList).toContain('on');
      expect(patches()).toEqual([
        { method: 'PATCH', url: '/api/videos/aaaaaaaaaaa/protected', body: { protected: true } },
      ]);
      answer.resolve({ sourceId: 'aaaaaaaaaaa', protected: true });
      await settle(fixture);
      expect(protect(0).getAttribute('aria-pressed')).toBe('true');
      expect(protect(0).disabled).toBe(false);
      expect(protect(0).getAttribute('aria-label')).toBe('Protect Clip aaaaaaaaaaa from automatic removal');
    });

    it('puts the protection back and says why when the server refuses', async () => {
      api.on('PATCH', /^\/api\/videos\/\w+\/protected$/, () => {
        throw new ApiError(404, 'No downloaded video bbbbbbbbbbb');
      });
      expect(protect(1).getAttribute('aria-pressed')).toBe('true');
      protect(1).click();
      await settle(fixture);
      expect(patches()[0]?.body).toEqual({ protected: false });
      expect(protect(1).getAttribute('aria-pressed')).toBe('true');
      const error = item(1).querySelector('[data-testid="library-item-error"]')!;
      expect(error.getAttribute('role')).toBe('alert');
      expect(error.textContent).toBe('Still protected: No downloaded video bbbbbbbbbbb');
    });
  });
  describe('filters and bulk actions', () => {
    it('sends the protected, missing, channel and range filters, from the first page, and clears them', async () => {
      const page = fixture.componentInstance;
      page.list.pageIndex.set(2);
      matSelect(fixture, '[data-testid="library-filter-protected"]')
        .options.find((o) => o.value === 'only')!
        .select();
      await settle(fixture);
      expect(gets().at(-1)!.query).toMatchObject({ protectedFilter: 'only', page: '1' });
      matSelect(fixture, '[data-testid="library-filter-missing"]')
        .options.find((o) => o.value === 'exclude')!
        .select();
      page.filters.setRanges({
        from: '2025-01-01',
        to: '2025-01-31',
        minLength: '1',
        maxLength: '',
        minSize: '',
        maxSize: '2.5',
      });
      await settle(fixture);
      expect(gets().at(-1)!.query).toMatchObject({
        protectedFilter: 'only',
        missingFilter: 'exclude',
        downloadedFrom: '2025-01-01',
        downloadedTo: '2025-01-31',
        minDuration: '60',
        maxSize: String(Math.round(2.5 * 1024 * 1024)),
      });
      all('[data-testid="library-channel"]')[0]!.click();
      await settle(fixture);
      expect(gets().at(-1)!.query).toMatchObject({ channelId: 'UCxxxxxxxxxxxxxxxxxxxxxx' });
      expect(dom(fixture).text('[data-testid="library-channel-filter"]')).toBe('Channel: Fixture Channel');
      el().querySelector<HTMLButtonElement>('[data-testid="library-clear-filters"]')!.click();
      await settle(fixture);
      const q = gets().at(-1)!.query!;
      for (const key of ['protectedFilter', 'missingFilter', 'channelId', 'downloadedFrom', 'minDuration', 'maxSize'])
        expect(q[key], key).toBeUndefined();
    });

    it('shows the rating and a missing file on a card, and opens the video page from the title', async () => {
      list = [
        video('aaaaaaaaaaa', {
          normalized_rating: 'PG-13',
          rating_source: 'Channel Default',
          missingAt: '2025-02-01T00:00:00.000Z',
        }),
      ];
      void fixture.componentInstance.list.load();
      await settle(fixture);
      expect(dom(fixture).text('[data-testid="library-rating-badge"]')).toBe('PG-13');
      expect(el().querySelector('[data-testid="library-missing-badge"]')).not.toBeNull();
      // A file that is not on disk is neither played nor saved.
      expect(el().querySelector('[data-testid="library-play"]')).toBeNull();
      expect(el().querySelector('[data-testid="library-save"]')).toBeNull();
      expect(el().querySelector('[data-testid="library-open"]')!.getAttribute('href')).toBe('/library/aaaaaaaaaaa');
    });

    it('rates the selected videos and reports what could not carry the rating', async () => {
      api.on('POST', '/api/videos/rating', () => ({
        success: ['aaaaaaaaaaa', 'ccccccccccc'],
        warnings: [{ sourceId: 'ccccccccccc', warning: 'Audio-only downloads (mp3) carry no content rating' }],
        failed: [],
      }));
      all('[data-testid="library-select"] input')[0]!.click();
      all('[data-testid="library-select"] input')[2]!.click();
      await settle(fixture);
      expect(dom(fixture).text('[data-testid="library-selected-count"]')).toBe('2 selected');
      matSelect(fixture, '[data-testid="library-bulk-rating"]')
        .options.find((o) => o.value === 'TV-14')!
        .select();
      await settle(fixture);
      el().querySelector<HTMLButtonElement>('[data-testid="library-bulk-rate"]')!.click();
      await settle(fixture);
      expect(api.callsTo('POST', '/api/videos/rating')[0]!.body).toEqual({
        sourceIds: ['aaaaaaaaaaa', 'ccccccccccc'],
        rating: 'TV-14',
      });
      const message = dom(fixture).text('[data-testid="library-bulk-message"]');
      expect(message).toContain('2 videos rated TV-14.');
      expect(message).toContain('Audio-only');
      expect(el().querySelector('[data-testid="library-selected-count"]')).toBeNull();
    });

    it('deletes the selected videos only after confirmation, naming the ones that failed', async () => {
      api.on('DELETE', '/api/videos', () => ({
        success: false,
        deleted: ['aaaaaaaaaaa'],
        failed: [{ sourceId: 'bbbbbbbbbbb', videoId: 2, error: 'unsafe path', code: 'DOWNLOAD_UNSAFE_PATH' }],
      }));
      fixture.componentInstance.bulk.selectPage(true);
      await settle(fixture);
      el().querySelector<HTMLButtonElement>('[data-testid="library-bulk-delete"]')!.click();
      await settle(fixture);
      expect(api.callsTo('DELETE', '/api/videos')).toHaveLength(0);
      el().querySelector<HTMLButtonElement>('[data-testid="library-bulk-delete-confirm"]')!.click();
      await settle(fixture);
      expect(api.callsTo('DELETE', '/api/videos')[0]!.body).toEqual({
        sourceIds: ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc'],
      });
      expect(dom(fixture).text('[data-testid="library-bulk-error"]')).toContain('1 not deleted: unsafe path');
    });
  });
});
