import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { Api, ApiError } from '../../core/api';
import { provideFakeLive } from '../../../testing/fake-live';
import type { Channel, ChannelInfo, ChannelList, ChannelSearchResult } from './api-types';
import { ChannelsPage } from './channels-page';

const channel = (n: number, extra: Partial<Channel> = {}): Channel => ({
  id: n,
  channel_id: `UC${String(n).padStart(22, 'x')}`,
  title: `Channel ${n}`,
  description: null,
  url: `https://www.youtube.com/@channel${n}`,
  handle: `@channel${n}`,
  uploader: null,
  thumbnailUrl: `https://yt3.example/${n}.jpg`,
  enabled: true,
  sub_folder: null,
  title_filter_regex: null,
  additional_tags: null,
  m3u_enabled: false,
  m3u_sort_order: 'oldest_first',
  auto_removal_protected: false,
  auto_removal_keep_recent_count: null,
  auto_download_enabled_tabs: '',
  video_quality: null,
  audio_format: null,
  skip_video_folder: null,
  available_tabs: ['videos'],
  hidden_tabs: [],
  tab_video_counts: null,
  tab_counts_attempted_at: null,
  terminated_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...extra,
});

const info = (extra: Partial<ChannelInfo> = {}): ChannelInfo => ({
  id: 'UCnewnewnewnewnewnewnew1',
  channel_id: 'UCnewnewnewnewnewnewnew1',
  title: 'New Channel',
  description: 'All about fixtures',
  enabled: false,
  existing: false,
  url: 'https://www.youtube.com/@new',
  handle: '@new',
  thumbnailUrl: null,
  availableTabs: ['videos', 'streams'],
  ...extra,
});

const result = (n: number, extra: Partial<ChannelSearchResult> = {}): ChannelSearchResult => ({
  channelId: `UC${String(n).padStart(22, 'r')}`,
  name: `Found ${n}`,
  handle: `@found${n}`,
  url: `https://www.youtube.com/channel/UC${String(n).padStart(22, 'r')}`,
  thumbnailUrl: null,
  subscriberCount: 12_300,
  videoCount: null,
  description: null,
  subscribed: false,
  ...extra,
});

type Handler = (body: unknown, query: Record<string, unknown> | undefined) => unknown;

class FakeApi {
  calls: { method: string; url: string; body?: unknown; query?: Record<string, unknown> }[] = [];
  routes = new Map<string, Handler>();
  on(method: string, url: string, handler: Handler): void {
    this.routes.set(`${method} ${url}`, handler);
  }
  callsTo(method: string, url: string) {
    return this.calls.filter((c) => c.method === method && c.url === url);
  }
  private async run<T>(method: string, url: string, body?: unknown, query?: Record<string, unknown>): Promise<T> {
    this.calls.push({ method, url, body, query });
    const h = this.routes.get(`${method} ${url}`);
    if (!h) throw new ApiError(404, `No fake route for ${method} ${url}`);
    return (await h(body, query)) as T;
  }
  get<T>(url: string, query?: Record<string, unknown>) {
    return this.run<T>('GET', url, undefined, query);
  }
  post<T>(url: string, body: unknown = {}, query?: Record<string, unknown>) {
    return this.run<T>('POST', url, body, query);
  }
}

describe('ChannelsPage', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<ChannelsPage>;
  let list: ChannelList;
  const q = (sel: string) => (fixture.nativeElement as HTMLElement).querySelector<HTMLElement>(sel);
  const all = (sel: string) => [...(fixture.nativeElement as HTMLElement).querySelectorAll<HTMLElement>(sel)];
  const text = (sel: string) => q(sel)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const lastList = () => api.callsTo('GET', '/getchannels').at(-1)!.query;

  async function settle(): Promise<void> {
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 0));
      await fixture.whenStable();
    }
  }

  function type(sel: string, value: string): void {
    const input = q(sel) as HTMLInputElement;
    input.value = value;
    input.dispatchEvent(new Event('input'));
  }

  beforeEach(async () => {
    api = new FakeApi();
    list = {
      channels: [
        channel(1, { sub_folder: 'music', auto_download_enabled_tabs: 'video,short' }),
        channel(2, { handle: null, terminated_at: '2025-02-01T00:00:00.000Z' }),
      ],
      total: 2,
      page: 1,
      pageSize: 20,
      totalPages: 1,
      subFolders: ['__default__', 'music'],
    };
    api.on('GET', '/getchannels', () => list);
    TestBed.configureTestingModule({
      providers: [provideRouter([]), { provide: Api, useValue: api }, provideFakeLive()],
    });
    fixture = TestBed.createComponent(ChannelsPage);
    await settle();
  });

  it('lists the channels with link, handle, subfolder and auto-download tabs', () => {
    expect(lastList()).toEqual({ page: 1, pageSize: 20, sortBy: 'title', sortOrder: 'asc' });
    const items = all('[data-testid="channel-item"]');
    expect(items.length).toBe(2);
    expect(items[0].querySelector('[data-testid="channel-link"]')?.getAttribute('href')).toBe(
      `/channels/${list.channels[0].channel_id}`,
    );
    expect(items[0].textContent).toContain('@channel1');
    expect(items[0].querySelector('[data-testid="channel-subfolder"]')?.textContent).toBe('music');
    expect(items[0].querySelector('[data-testid="channel-auto-download"]')?.textContent).toBe(
      'Auto-download: Videos, Shorts',
    );
    expect(items[1].querySelector('[data-testid="channel-subfolder"]')?.textContent).toBe('No subfolder');
    expect(items[1].querySelector('[data-testid="channel-auto-download"]')?.textContent).toBe('Auto-download: Off');
    expect(items[1].textContent).toContain('terminated');
  });

  it('hides a thumbnail that cannot be loaded', async () => {
    const img = all('[data-testid="channel-item"]')[0].querySelector('img')!;
    img.dispatchEvent(new Event('error'));
    await settle();
    expect(all('[data-testid="channel-item"]')[0].querySelector('img')).toBeNull();
  });

  it('searches (debounced), sorts and filters by subfolder', async () => {
    type('[data-testid="channels-search"]', ' news ');
    await new Promise((r) => setTimeout(r, 350));
    await settle();
    expect(lastList()).toMatchObject({ search: 'news', page: 1 });
    const page = fixture.componentInstance;
    page.list.setSort('createdAt', 'desc');
    page.setSubFolder('__default__');
    await settle();
    expect(lastList()).toEqual({
      page: 1,
      pageSize: 20,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      search: 'news',
      subFolder: '__default__',
    });
    expect(page.subFolders()).toEqual(['__default__', 'music']);
    expect(page.folderLabel('__default__')).toBe('No subfolder');
    page.list.onPage({ pageIndex: 1, pageSize: 50, length: 60 });
    await settle();
    expect(lastList()).toMatchObject({ page: 2, pageSize: 50 });
  });

  it('unsubscribes after a confirmation', async () => {
    api.on('POST', '/updatechannels', () => ({ status: 'success', added: [], removed: [list.channels[0].channel_id] }));
    all('[data-testid="channel-unsubscribe"]')[0].click();
    await settle();
    expect(api.callsTo('POST', '/updatechannels').length).toBe(0);
    const before = api.callsTo('GET', '/getchannels').length;
    q('[data-testid="channel-unsubscribe-confirm"]')!.click();
    await settle();
    expect(api.callsTo('POST', '/updatechannels')[0].body).toEqual({ remove: ['https://www.youtube.com/@channel1'] });
    expect(api.callsTo('GET', '/getchannels').length).toBe(before + 1);
    expect(text('[data-testid="channels-notice"]')).toContain('Unsubscribed from Channel 1');
  });

  it('looks a channel up, shows it and subscribes on confirmation', async () => {
    api.on('POST', '/addchannelinfo', () => ({ status: 'success', channelInfo: info() }));
    api.on('POST', '/updatechannels', () => ({ status: 'success', added: ['UCnewnewnewnewnewnewnew1'], removed: [] }));
    type('[data-testid="subscribe-url"]', ' @new ');
    await settle();
    q('[data-testid="subscribe-submit"]')!.click();
    await settle();
    expect(api.callsTo('POST', '/addchannelinfo')[0].body).toEqual({ url: '@new' });
    expect(text('[data-testid="subscribe-found"]')).toContain('New Channel');
    expect(text('[data-testid="subscribe-found"]')).toContain('Tabs: Videos, Live');
    expect(text('[data-testid="subscribe-state"]')).toBe('Not subscribed yet.');
    const before = api.callsTo('GET', '/getchannels').length;
    q('[data-testid="subscribe-confirm"]')!.click();
    await settle();
    expect(api.callsTo('POST', '/updatechannels')[0].body).toEqual({
      add: [{ url: 'https://www.youtube.com/@new', channel_id: 'UCnewnewnewnewnewnewnew1' }],
    });
    expect(api.callsTo('GET', '/getchannels').length).toBe(before + 1);
    expect(text('[data-testid="subscribe-notice"]')).toBe('Subscribed to New Channel.');
    expect(q('[data-testid="subscribe-found"]')).toBeNull();
  });

  it('says when a looked-up channel is already subscribed or was removed', async () => {
    api.on('POST', '/addchannelinfo', () => ({
      status: 'success',
      channelInfo: info({ existing: true, enabled: true }),
    }));
    type('[data-testid="subscribe-url"]', '@new');
    q('[data-testid="subscribe-submit"]')!.click();
    await settle();
    expect(text('[data-testid="subscribe-state"]')).toContain('already subscribed');
    expect(q('[data-testid="subscribe-confirm"]')).toBeNull();
    api.on('POST', '/addchannelinfo', () => ({
      status: 'success',
      channelInfo: info({ existing: true, enabled: false }),
    }));
    q('[data-testid="subscribe-submit"]')!.click();
    await settle();
    expect(text('[data-testid="subscribe-state"]')).toContain('restores its settings');
  });

  it('shows the server explanation when a lookup fails', async () => {
    api.on('POST', '/addchannelinfo', () => {
      throw new ApiError(503, 'The platform cannot be reached');
    });
    type('[data-testid="subscribe-url"]', 'https://www.youtube.com/@gone');
    q('[data-testid="subscribe-submit"]')!.click();
    await settle();
    expect(text('[data-testid="subscribe-error"]')).toBe('The platform cannot be reached');
    expect(q('[data-testid="subscribe-error"]')?.getAttribute('role')).toBe('alert');
    // An empty address is not sent.
    type('[data-testid="subscribe-url"]', '  ');
    q('[data-testid="subscribe-submit"]')!.click();
    await settle();
    expect(api.callsTo('POST', '/addchannelinfo').length).toBe(1);
    expect(text('[data-testid="subscribe-error"]')).toContain('Enter a channel URL');
  });

  it('searches the platform with a spinner and subscribes to a result', async () => {
    let answer!: (v: unknown) => void;
    api.on('POST', '/api/channels/search', () => new Promise((r) => (answer = r)));
    api.on('POST', '/updatechannels', () => ({ status: 'success', added: [], removed: [] }));
    type('[data-testid="channel-search-query"]', ' lofi ');
    await settle();
    q('[data-testid="channel-search-submit"]')!.click();
    await settle();
    expect(q('[data-testid="channel-search-busy"]')).not.toBeNull();
    expect(api.callsTo('POST', '/api/channels/search')[0].body).toEqual({ query: 'lofi', count: 25 });
    answer({ results: [result(1), result(2, { subscribed: true, subscriberCount: null })] });
    await settle();
    expect(q('[data-testid="channel-search-busy"]')).toBeNull();
    const items = all('[data-testid="channel-search-result"]');
    expect(items.length).toBe(2);
    expect(items[0].textContent).toContain('12.3K subscribers');
    expect(items[1].querySelector('[data-testid="channel-search-subscribed"]')).not.toBeNull();
    items[0].querySelector<HTMLElement>('[data-testid="channel-search-subscribe"]')!.click();
    await settle();
    expect(api.callsTo('POST', '/updatechannels')[0].body).toEqual({
      add: [{ url: result(1).url, channel_id: result(1).channelId }],
    });
    expect(
      all('[data-testid="channel-search-result"]')[0].querySelector('[data-testid="channel-search-subscribed"]'),
    ).not.toBeNull();
  });

  it('shows search limits and failures', async () => {
    api.on('POST', '/api/channels/search', () => {
      throw new ApiError(429, 'Too many searches: 10 per minute are allowed. Try again in 1 minute.');
    });
    type('[data-testid="channel-search-query"]', 'lofi');
    q('[data-testid="channel-search-submit"]')!.click();
    await settle();
    expect(text('[data-testid="channel-search-error"]')).toBe(
      'Search failed: Too many searches: 10 per minute are allowed. Try again in 1 minute.',
    );
    type('[data-testid="channel-search-query"]', '   ');
    q('[data-testid="channel-search-submit"]')!.click();
    await settle();
    expect(text('[data-testid="channel-search-error"]')).toBe('Enter what to search for');
    expect(api.callsTo('POST', '/api/channels/search').length).toBe(1);
  });
});
