import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { deferred, FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { provideFakeLive } from '../../../testing/fake-live';
import { dom } from '../../../testing/dom';
import { channel as fixtureChannel } from '../../../testing/fixtures/channels';
import { settle } from '../../../testing/settle';
import type { Channel, ChannelInfo, ChannelList, ChannelSearchResult } from './api-types';
import { ChannelsPage } from './channels-page';

/** Subscription `n` of the list. */
const channel = (n: number, extra: Partial<Channel> = {}): Channel =>
  fixtureChannel({
    id: n,
    channel_id: `UC${String(n).padStart(22, 'x')}`,
    title: `Channel ${n}`,
    url: `https://www.youtube.com/@channel${n}`,
    handle: `@channel${n}`,
    thumbnailUrl: `https://yt3.example/${n}.jpg`,
    auto_download_enabled_tabs: '',
    available_tabs: ['videos'],
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
  autoDownload: { tabs: ['videos'], newest: 5, nextCheckAt: null },
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

describe('ChannelsPage', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<ChannelsPage>;
  let list: ChannelList;
  const q = (sel: string) => dom(fixture).one(sel);
  const all = (sel: string) => dom(fixture).all(sel);
  const text = (sel: string) => dom(fixture).text(sel);
  const type = (sel: string, value: string) => dom(fixture).type(sel, value);
  const lastList = () => api.callsTo('GET', '/getchannels').at(-1)!.query;

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideRouter([]), provideFakeApi(), provideFakeLive()] });
    api = TestBed.inject(FakeApi);
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
    fixture = TestBed.createComponent(ChannelsPage);
    await settle(fixture);
  });

  afterEach(() => vi.useRealTimers());

  it('lists the channels with link, handle, subfolder and auto-download tabs', () => {
    expect(lastList()).toEqual({ page: '1', pageSize: '20', sortBy: 'title', sortOrder: 'asc' });
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
    await settle(fixture);
    expect(all('[data-testid="channel-item"]')[0].querySelector('img')).toBeNull();
  });

  it('searches (debounced), sorts and filters by subfolder', async () => {
    type('[data-testid="channels-search"]', ' news ');
    await settle(fixture, 350);
    expect(lastList()).toMatchObject({ search: 'news', page: '1' });
    const page = fixture.componentInstance;
    page.list.setSort('createdAt', 'desc');
    page.setSubFolder('__default__');
    await settle(fixture);
    expect(lastList()).toEqual({
      page: '1',
      pageSize: '20',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      search: 'news',
      subFolder: '__default__',
    });
    expect(page.subFolders()).toEqual(['__default__', 'music']);
    expect(page.folderLabel('__default__')).toBe('No subfolder');
    page.list.onPage({ pageIndex: 1, pageSize: 50, length: 60 });
    await settle(fixture);
    expect(lastList()).toMatchObject({ page: '2', pageSize: '50' });
  });

  it('unsubscribes after a confirmation', async () => {
    api.on('POST', '/updatechannels', () => ({ status: 'success', added: [], removed: [list.channels[0].channel_id] }));
    all('[data-testid="channel-unsubscribe"]')[0].click();
    await settle(fixture);
    expect(api.callsTo('POST', '/updatechannels').length).toBe(0);
    const before = api.callsTo('GET', '/getchannels').length;
    q('[data-testid="channel-unsubscribe-confirm"]')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', '/updatechannels')[0].body).toEqual({ remove: ['https://www.youtube.com/@channel1'] });
    expect(api.callsTo('GET', '/getchannels').length).toBe(before + 1);
    expect(text('[data-testid="channels-notice"]')).toContain('Unsubscribed from Channel 1');
  });

  it('looks a channel up, shows it and subscribes on confirmation', async () => {
    api.on('POST', '/addchannelinfo', () => ({ status: 'success', channelInfo: info() }));
    api.on('POST', '/updatechannels', () => ({ status: 'success', added: ['UCnewnewnewnewnewnewnew1'], removed: [] }));
    type('[data-testid="subscribe-url"]', ' @new ');
    await settle(fixture);
    q('[data-testid="subscribe-submit"]')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', '/addchannelinfo')[0].body).toEqual({ url: '@new' });
    expect(text('[data-testid="subscribe-found"]')).toContain('New Channel');
    expect(text('[data-testid="subscribe-found"]')).toContain('Tabs: Videos, Live');
    expect(text('[data-testid="subscribe-state"]')).toBe('Not subscribed yet.');
    // Before subscribing it says what subscribing starts.
    expect(text('[data-testid="subscribe-auto"]')).toBe(
      'Subscribing downloads by itself: at the next check, the newest 5 videos of Videos not downloaded yet, then every new one.',
    );
    const before = api.callsTo('GET', '/getchannels').length;
    q('[data-testid="subscribe-confirm"]')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', '/updatechannels')[0].body).toEqual({
      add: [{ url: 'https://www.youtube.com/@new', channel_id: 'UCnewnewnewnewnewnewnew1' }],
    });
    expect(api.callsTo('GET', '/getchannels').length).toBe(before + 1);
    expect(text('[data-testid="subscribe-notice"]')).toBe(
      'Subscribed to New Channel. Its newest videos of Videos download at the next check.',
    );
    expect(q('[data-testid="subscribe-found"]')).toBeNull();
  });

  it('subscribes without automatic downloads when the box is cleared, and says so', async () => {
    const next = new Date(2030, 0, 2, 11, 0).toISOString();
    api.on('POST', '/addchannelinfo', () => ({
      status: 'success',
      channelInfo: info({ autoDownload: { tabs: ['videos', 'streams'], newest: 3, nextCheckAt: next } }),
    }));
    api.on('POST', '/updatechannels', () => ({ status: 'success', added: ['UCnewnewnewnewnewnewnew1'], removed: [] }));
    type('[data-testid="subscribe-url"]', '@new');
    q('[data-testid="subscribe-submit"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="subscribe-auto"]')).toMatch(
      /^Subscribing downloads by itself: at the next check \(11:00 on .+\), the newest 3 videos of Videos and Live not downloaded yet, then every new one\.$/,
    );
    (q('[data-testid="subscribe-auto-toggle"] input') as HTMLInputElement).click();
    await settle(fixture);
    q('[data-testid="subscribe-confirm"]')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', '/updatechannels')[0].body).toEqual({
      add: [
        {
          url: 'https://www.youtube.com/@new',
          channel_id: 'UCnewnewnewnewnewnewnew1',
          settings: { auto_download_enabled_tabs: '' },
        },
      ],
    });
    expect(text('[data-testid="subscribe-notice"]')).toBe(
      'Subscribed to New Channel. Nothing downloads by itself; turn automatic downloads on in its settings.',
    );
  });

  it('says nothing downloads by itself when the channel has none of the automatic tabs', async () => {
    api.on('POST', '/addchannelinfo', () => ({
      status: 'success',
      channelInfo: info({ availableTabs: ['shorts'], autoDownload: { tabs: [], newest: 5, nextCheckAt: null } }),
    }));
    type('[data-testid="subscribe-url"]', '@new');
    q('[data-testid="subscribe-submit"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="subscribe-auto"]')).toBe(
      "Nothing downloads by itself: choose tabs for automatic downloads in the channel's settings.",
    );
    expect(q('[data-testid="subscribe-auto-toggle"]')).toBeNull();
  });

  it('says when a looked-up channel is already subscribed or was removed', async () => {
    api.on('POST', '/addchannelinfo', () => ({
      status: 'success',
      channelInfo: info({ existing: true, enabled: true }),
    }));
    type('[data-testid="subscribe-url"]', '@new');
    q('[data-testid="subscribe-submit"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="subscribe-state"]')).toContain('already subscribed');
    expect(q('[data-testid="subscribe-confirm"]')).toBeNull();
    api.on('POST', '/addchannelinfo', () => ({
      status: 'success',
      channelInfo: info({ existing: true, enabled: false }),
    }));
    q('[data-testid="subscribe-submit"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="subscribe-state"]')).toContain('restores its settings');
  });

  it('shows the server explanation when a lookup fails', async () => {
    api.on('POST', '/addchannelinfo', () => {
      throw new ApiError(503, 'The platform cannot be reached');
    });
    type('[data-testid="subscribe-url"]', 'https://www.youtube.com/@gone');
    q('[data-testid="subscribe-submit"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="subscribe-error"]')).toBe('The platform cannot be reached');
    expect(q('[data-testid="subscribe-error"]')?.getAttribute('role')).toBe('alert');
    // An empty address is not sent.
    type('[data-testid="subscribe-url"]', '  ');
    q('[data-testid="subscribe-submit"]')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', '/addchannelinfo').length).toBe(1);
    expect(text('[data-testid="subscribe-error"]')).toContain('Enter a channel URL');
  });

  it('searches the platform with a spinner and subscribes to a result', async () => {
    const search = deferred<unknown>();
    api.on('POST', '/api/channels/search', () => search.promise);
    api.on('POST', '/updatechannels', () => ({ status: 'success', added: [], removed: [] }));
    type('[data-testid="channel-search-query"]', ' lofi ');
    await settle(fixture);
    q('[data-testid="channel-search-submit"]')!.click();
    await settle(fixture);
    expect(q('[data-testid="channel-search-busy"]')).not.toBeNull();
    expect(api.callsTo('POST', '/api/channels/search')[0].body).toEqual({ query: 'lofi', count: 25 });
    search.resolve({ results: [result(1), result(2, { subscribed: true, subscriberCount: null })] });
    await settle(fixture);
    expect(q('[data-testid="channel-search-busy"]')).toBeNull();
    const items = all('[data-testid="channel-search-result"]');
    expect(items.length).toBe(2);
    expect(items[0].textContent).toContain('12.3K subscribers');
    expect(items[1].querySelector('[data-testid="channel-search-subscribed"]')).not.toBeNull();
    items[0].querySelector<HTMLElement>('[data-testid="channel-search-subscribe"]')!.click();
    await settle(fixture);
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
    await settle(fixture);
    expect(text('[data-testid="channel-search-error"]')).toBe(
      'Search failed: Too many searches: 10 per minute are allowed. Try again in 1 minute.',
    );
    type('[data-testid="channel-search-query"]', '   ');
    q('[data-testid="channel-search-submit"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="channel-search-error"]')).toBe('Enter what to search for');
    expect(api.callsTo('POST', '/api/channels/search').length).toBe(1);
  });
});
