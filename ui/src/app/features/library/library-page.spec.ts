import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { Api, ApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { provideFakeLive } from '../../../testing/fake-live';
import type { Video } from '../downloads/api-types';
import { LibraryPage } from './library-page';

const video = (sourceId: string, extra: Partial<Video> = {}): Video => ({
  id: 1,
  sourceId,
  title: `Clip ${sourceId}`,
  channelName: 'Fixture Channel',
  channelId: 'UCxxxxxxxxxxxxxxxxxxxxxx',
  description: null,
  duration: 65,
  uploadDate: '20250101',
  mediaType: 'video',
  sourceUrl: `https://www.youtube.com/watch?v=${sourceId}`,
  thumbnailUrl: `/api/videos/${sourceId}/thumbnail`,
  filePath: `/out/${sourceId}.mp4`,
  fileSize: 2_500_000,
  audioFilePath: null,
  audioFileSize: null,
  video_resolution: '1920x1080',
  subfolder: null,
  removed: false,
  downloadedAt: '2025-01-02T10:00:00.000Z',
  jobId: null,
  ...extra,
});

class FakeApi {
  gets: { url: string; query: Record<string, unknown> | undefined }[] = [];
  deletes: string[] = [];
  list: Video[] = [
    video('aaaaaaaaaaa'),
    video('bbbbbbbbbbb', { video_resolution: '0x0', thumbnailUrl: null }),
    video('ccccccccccc', { video_resolution: null, filePath: null, audioFilePath: '/out/c.mp3' }),
  ];
  deleteError: ApiError | null = null;

  async get<T>(url: string, query?: Record<string, unknown>): Promise<T> {
    this.gets.push({ url, query });
    return { videos: this.list, total: 30, page: 1, pageSize: 24 } as T;
  }

  async delete<T>(url: string): Promise<T> {
    this.deletes.push(url);
    if (this.deleteError) throw this.deleteError;
    this.list = this.list.slice(1);
    return { success: true, message: 'Deleted 2 file(s) of "Clip aaaaaaaaaaa"', deletedFiles: [] } as T;
  }
}

describe('LibraryPage', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<LibraryPage>;
  const el = () => fixture.nativeElement as HTMLElement;
  const all = (sel: string) => [...el().querySelectorAll<HTMLElement>(sel)];

  async function settle(): Promise<void> {
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 0));
      await fixture.whenStable();
    }
  }

  beforeEach(async () => {
    api = new FakeApi();
    TestBed.configureTestingModule({
      providers: [
        { provide: Api, useValue: api },
        provideFakeLive(),
        { provide: Auth, useValue: { token: signal('tok') } },
      ],
    });
    fixture = TestBed.createComponent(LibraryPage);
    await settle();
  });

  it('lists videos with thumbnail, resolution and duration', () => {
    const items = all('[data-testid="library-item"]');
    expect(items).toHaveLength(3);
    expect(api.gets[0]).toEqual({
      url: '/api/videos',
      query: { page: 1, pageSize: 24, sortBy: 'downloadedAt', sortOrder: 'desc', search: undefined },
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
    await settle();
    expect(all('[data-testid="library-item"]')[0]!.querySelector('img')).toBeNull();
  });

  it('plays a video with the token in the file URL', async () => {
    all('[data-testid="library-play"]')[0]!.click();
    await settle();
    const player = el().querySelector<HTMLVideoElement>('[data-testid="library-player"]')!;
    expect(player.tagName).toBe('VIDEO');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('src')).toBe('/api/videos/aaaaaaaaaaa/file?token=tok');
  });

  it('searches after a pause and from the first page', async () => {
    vi.useFakeTimers();
    try {
      fixture.componentInstance.list.pageIndex.set(1);
      fixture.componentInstance.list.onSearch('clip');
      fixture.componentInstance.list.onSearch('clip a');
      await vi.advanceTimersByTimeAsync(350);
    } finally {
      vi.useRealTimers();
    }
    await settle();
    const searches = api.gets.filter((g) => g.query?.['search']);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.query).toMatchObject({ search: 'clip a', page: 1 });
  });

  it('sorts', async () => {
    fixture.componentInstance.list.setSort('title', 'asc');
    await settle();
    expect(api.gets.at(-1)!.query).toMatchObject({ sortBy: 'title', sortOrder: 'asc', page: 1 });
  });

  it('deletes only after confirmation', async () => {
    all('[data-testid="library-delete"]')[0]!.click();
    await settle();
    expect(api.deletes).toEqual([]);
    all('[data-testid="library-delete-confirm"]')[0]!.click();
    await settle();
    expect(api.deletes).toEqual(['/api/videos/aaaaaaaaaaa']);
    expect(el().querySelector('[data-testid="library-notice"]')!.textContent).toContain('Deleted 2 file(s)');
    expect(all('[data-testid="library-item"]')).toHaveLength(2);
  });

  it('shows why a deletion failed', async () => {
    api.deleteError = new ApiError(404, 'No downloaded video aaaaaaaaaaa');
    all('[data-testid="library-delete"]')[0]!.click();
    await settle();
    all('[data-testid="library-delete-confirm"]')[0]!.click();
    await settle();
    const error = el().querySelector('[data-testid="library-item-error"]')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('No downloaded video aaaaaaaaaaa');
  });
});
