import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../../core/api';
import { deferred, FakeApi, provideFakeApi } from '../../../../testing/fake-api';
import { FakeLive, provideFakeLive } from '../../../../testing/fake-live';
import { dom } from '../../../../testing/dom';
import {
  CHANNEL_ID as CH,
  channel,
  channelVideo as video,
  channelVideoPage as pageOf,
} from '../../../../testing/fixtures/channels';
import { poll } from '../../../../testing/poll';
import { settle } from '../../../../testing/settle';
import { sampleFeed, serveFeeds } from '../../../../testing/fixtures/feeds';
import type { ChannelVideo, FetchStatusResponse } from '../api-types';
import { ChannelPage } from './channel-page';
import { MatTooltip } from '@angular/material/tooltip';
import { By } from '@angular/platform-browser';

describe('ChannelPage', () => {
  let api: FakeApi;
  let live: FakeLive;
  let fixture: ComponentFixture<ChannelPage>;
  let videos: ChannelVideo[];
  const el = () => document.body;
  const q = (sel: string) => dom(fixture).one(sel);
  const all = (sel: string) => dom(fixture).all(sel);
  const text = (sel: string) => dom(fixture).text(sel);

  beforeEach(async () => {
    vi.useFakeTimers();
    localStorage.removeItem('vidkeep.channelView');
    TestBed.configureTestingModule({
      providers: [provideRouter([]), provideFakeApi(), provideFakeLive()],
    });
    api = TestBed.inject(FakeApi);
    live = TestBed.inject(FakeLive);
    videos = [
      video(1, { downloaded: true }),
      video(2, { ignored: true }),
      video(3, { membersOnly: true, publishedAt: null, published_at_source: 'estimated' }),
      video(4, { activity: 'queued' }),
      video(5, { downloaded: true, removed: true, thumbnail: null }),
    ];
    api.on('GET', `/getchannelinfo/${CH}`, () => channel());
    api.on('GET', `/api/channels/${CH}/tabs`, () => ({ availableTabs: ['videos', 'shorts'] }));
    api.on('GET', `/api/channels/${CH}/tab-stats`, () => ({
      channelId: CH,
      tabs: {
        videos: { total: 340, fetchedAt: null, downloaded: 12, ignored: 1, loaded: 5, percent: 4, complete: false },
        shorts: { total: null, fetchedAt: null, downloaded: 0, ignored: 0, loaded: 0, percent: null, complete: false },
      },
    }));
    api.on('GET', `/api/channels/${CH}/fetch-status`, () => ({ isFetching: false }));
    api.on('GET', `/getchannelvideos/${CH}`, ({ query }) =>
      pageOf(videos, { tabType: query?.['tabType'] === 'shorts' ? 'shorts' : 'videos' }),
    );
    serveFeeds(api, [sampleFeed({ subjectId: CH })]);
    fixture = TestBed.createComponent(ChannelPage);
    fixture.componentRef.setInput('channelId', CH);
    await settle(fixture);
  });

  afterEach(() => {
    fixture.destroy();
    vi.useRealTimers();
  });

  it('shows the header with the platform link and the subscription state', () => {
    expect(text('[data-testid="channel-title"]')).toBe('Fixture Channel');
    expect(q('[data-testid="channel-platform-link"]')?.getAttribute('href')).toBe('https://www.youtube.com/@fixture');
    expect(text('[data-testid="channel-enabled"]')).toBe('Subscribed');
    expect(q('[data-testid="channel-settings-open"]')).not.toBeNull();
  });

  it("shows the channel's podcast feeds and offers the missing format", () => {
    expect(api.callsTo('GET', '/api/feeds')[0]!.query).toEqual({ kind: 'channel', subjectId: CH });
    expect(text('[data-testid="feed-name-1"]')).toBe('Audio feed');
    expect(text('[data-testid="feeds-make-video"]')).toBe('Get video feed');
  });

  it('hides a channel avatar that fails to load', async () => {
    q('[data-testid="channel-avatar"]')!.dispatchEvent(new Event('error'));
    await settle(fixture);
    expect(q('[data-testid="channel-avatar"]')).toBeNull();
  });

  it('shows the tabs with their figures and the videos with badges', () => {
    expect(q('[data-testid="channel-tab-videos"]')).not.toBeNull();
    expect(q('[data-testid="channel-tab-shorts"]')).not.toBeNull();
    expect(text('[data-testid="tab-stats-text"]')).toBe('12 downloaded of 340 (4 %)');
    expect(text('[data-testid="tab-known-text"]')).toBe('5 of 340 known here · 1 ignored');
    expect(text('[data-testid="channel-tab-figure-videos"]')).toBe('12 of 340 downloaded');
    expect(text('[data-testid="channel-tab-figure-shorts"]')).toBe('0 downloaded');
    expect(text('[data-testid="videos-count"]')).toMatch(/^5 videos/);
    const items = all('[data-testid="channel-video"]');
    expect(items.length).toBe(5);
    expect(items[0].querySelector('[data-testid="badge-downloaded"]')).not.toBeNull();
    expect(items[0].textContent).toContain('1:05');
    expect(items[0].textContent).toContain('(approx.)');
    expect(items[1].querySelector('[data-testid="badge-ignored"]')).not.toBeNull();
    expect(items[1].querySelector('[data-testid="video-unignore"]')).not.toBeNull();
    expect(items[2].querySelector('[data-testid="badge-members"]')).not.toBeNull();
    expect(items[2].querySelector('[data-testid="video-date"]')?.textContent).toContain('Date unknown');
    expect(items[3].querySelector('[data-testid="badge-queued"]')).not.toBeNull();
    expect(items[4].querySelector('[data-testid="badge-removed"]')).not.toBeNull();
    expect(items[4].querySelector('[data-testid="badge-downloaded"]')).toBeNull();
    expect(items[4].querySelector('img')).toBeNull();
  });

  it('shows whether a video was watched, and who watched it on hover', async () => {
    videos = [
      video(1, { downloaded: true, watched: true, watched_by: ['ann (Plex)', 'kid (Emby)'] }),
      video(2, { downloaded: true, watched: false }),
      video(3, { downloaded: true }),
      video(4),
    ];
    void fixture.componentInstance.videos.list.load();
    await settle(fixture);
    const badges = all('[data-testid="channel-video"]').map(
      (v) => v.querySelector<HTMLElement>('[data-testid="badge-watched"]')?.dataset['state'] ?? 'none',
    );
    expect(badges).toEqual(['watched', 'unwatched', 'unknown', 'none']);
    const tooltip = fixture.debugElement.query(By.css('[data-testid="badge-watched"]')).injector.get(MatTooltip);
    expect(tooltip.message).toBe('Watched by ann (Plex), kid (Emby)');
    // The tri-state watched filter still reaches the server now that watched state is known.
    fixture.componentInstance.videos.setFilter('watched', 'only');
    await settle(fixture);
    expect(api.callsTo('GET', `/getchannelvideos/${CH}`).at(-1)!.query).toMatchObject({
      watchedFilter: 'only',
      page: '1',
    });
  });

  it('asks for the videos with every filter and switches the view', async () => {
    const last = () => api.callsTo('GET', `/getchannelvideos/${CH}`).at(-1)!.query;
    expect(last()).toEqual({
      tabType: 'videos',
      page: '1',
      pageSize: '50',
      downloadedFilter: 'off',
      ignoredFilter: 'off',
      watchedFilter: 'off',
      sortBy: 'date',
      sortOrder: 'desc',
    });
    const page = fixture.componentInstance;
    page.videos.setFilter('downloaded', 'exclude');
    page.videos.setFilter('ignored', 'only');
    page.videos.list.setSort('duration', 'asc');
    await settle(fixture);
    expect(last()).toMatchObject({
      downloadedFilter: 'exclude',
      ignoredFilter: 'only',
      sortBy: 'duration',
      sortOrder: 'asc',
    });

    const input = q('[data-testid="videos-search"]') as HTMLInputElement;
    input.value = 'clip 3';
    input.dispatchEvent(new Event('input'));
    await settle(fixture, 350);
    expect(last()).toMatchObject({ searchQuery: 'clip 3', page: '1' });

    expect(q('ul.videos')?.classList.contains('grid')).toBe(true);
    q('[data-testid="view-toggle"]')!.click();
    await settle(fixture);
    expect(q('ul.videos')?.classList.contains('list')).toBe(true);
    expect(q('[data-testid="view-toggle"]')?.getAttribute('data-view')).toBe('list');
    expect(localStorage.getItem('vidkeep.channelView')).toBe('list');
  });

  it('downloads the selected videos in batches of 50', async () => {
    videos = Array.from({ length: 60 }, (_, i) => video(i + 1));
    const batches: string[][] = [];
    api.on('POST', '/api/videos/download', ({ body }) => {
      const urls = (body as { urls: string[] }).urls;
      batches.push(urls);
      return {
        success: true,
        message: '',
        queued: urls.length,
        acceptedIds: [],
        alreadyActiveIds: [],
        jobId: 'j',
        video: { title: '', thumbnail: '', duration: 0 },
        videos: [],
      };
    });
    void fixture.componentInstance.videos.load();
    await settle(fixture);
    (q('[data-testid="select-page"] input') as HTMLInputElement).click();
    await settle(fixture);
    expect(text('[data-testid="selected-count"]')).toBe('60 selected');
    q('[data-testid="download-selected"]')!.click();
    await settle(fixture);
    expect(batches.map((b) => b.length)).toEqual([50, 10]);
    expect(batches[0][0]).toBe('https://www.youtube.com/watch?v=vid00000001');
    expect(text('[data-testid="videos-action-notice"]')).toBe('Queued 60 videos.');
    expect(text('[data-testid="selected-count"]')).toBe('0 selected');
  });

  it('shows a download error where it happened', async () => {
    api.on('POST', '/api/videos/download', () => {
      throw new ApiError(409, 'Downloads are paused: the disk is almost full');
    });
    (all('[data-testid="video-select"] input')[0] as HTMLInputElement).click();
    await settle(fixture);
    q('[data-testid="download-selected"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="videos-action-error"]')).toBe(
      'Not queued: Downloads are paused: the disk is almost full',
    );
    expect(q('[data-testid="videos-action-error"]')?.getAttribute('role')).toBe('alert');
  });

  it('ignores one video, un-ignores another and bulk-ignores the selection', async () => {
    api.on('POST', `/api/channels/${CH}/videos/vid00000001/ignore`, () => ({ success: true, message: 'ok' }));
    api.on('POST', `/api/channels/${CH}/videos/vid00000002/unignore`, () => ({ success: true, message: 'ok' }));
    api.on('POST', `/api/channels/${CH}/videos/bulk-ignore`, ({ body }) => ({
      success: true,
      message: `Successfully ignored ${(body as { sourceIds: string[] }).sourceIds.length} of 2 videos`,
      results: [],
    }));
    all('[data-testid="channel-video"]')[0].querySelector<HTMLElement>('[data-testid="video-ignore"]')!.click();
    await settle(fixture);
    expect(all('[data-testid="channel-video"]')[0].querySelector('[data-testid="badge-ignored"]')).not.toBeNull();
    all('[data-testid="channel-video"]')[1].querySelector<HTMLElement>('[data-testid="video-unignore"]')!.click();
    await settle(fixture);
    expect(all('[data-testid="channel-video"]')[1].querySelector('[data-testid="badge-ignored"]')).toBeNull();

    const boxes = all('[data-testid="video-select"] input') as HTMLInputElement[];
    boxes[3].click();
    boxes[4].click();
    await settle(fixture);
    q('[data-testid="ignore-selected"]')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', `/api/channels/${CH}/videos/bulk-ignore`)[0].body).toEqual({
      sourceIds: ['vid00000004', 'vid00000005'],
    });
    expect(text('[data-testid="videos-action-notice"]')).toBe('Successfully ignored 2 of 2 videos');
  });

  it('turns auto-download of the tab off', async () => {
    api.on('PATCH', `/api/channels/${CH}/tabs/videos/auto-download`, () => ({
      success: true,
      autoDownloadEnabledTabs: '',
    }));
    const toggle = q('[data-testid="tab-auto-download"] button') as HTMLButtonElement;
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    toggle.click();
    await settle(fixture);
    expect(api.callsTo('PATCH', `/api/channels/${CH}/tabs/videos/auto-download`)[0].body).toEqual({ enabled: false });
    expect(fixture.componentInstance.overview.channel()?.auto_download_enabled_tabs).toBe('');
  });

  it('loads all videos of a tab with live progress from polling: pages, entries, time left and pacing', async () => {
    const post = deferred<unknown>();
    const listing = { pagesRead: 40, expectedTotal: 5000, etaSeconds: 160, sleepRequests: 1, cancelling: false };
    let status: FetchStatusResponse = {
      isFetching: true,
      type: 'full',
      tabType: 'videos',
      progress: { stage: 'listing', itemsFetched: 1200, ...listing },
    };
    api.on('GET', `/api/channels/${CH}/fetch-status`, () => status);
    api.on('POST', `/fetchallchannelvideos/${CH}`, () => post.promise);
    q('[data-testid="fetch-all"]')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', `/fetchallchannelvideos/${CH}`)[0].query).toEqual({ tabType: 'videos' });
    expect(q('[data-testid="fetch-progress"]')).not.toBeNull();
    await settle(fixture, 600);
    expect(text('[data-testid="fetch-progress"]')).toBe(
      'Listing the tab: page 40, 1,200 of 5,000 entries read, about 2 min left',
    );
    expect(text('[data-testid="fetch-pacing"]')).toContain('pages are requested 1 s apart (the sleepRequests setting)');
    expect(q('[data-testid="fetch-block"] mat-progress-bar')?.getAttribute('aria-valuenow')).toBe('24');
    // A pushed message is shown too.
    live.send({
      type: 'channelFetchProgress',
      channelId: CH,
      tabType: 'videos',
      fetchType: 'full',
      stage: 'saving',
      itemsFetched: 5000,
      ...listing,
      pagesRead: 167,
    });
    await settle(fixture);
    expect(text('[data-testid="fetch-progress"]')).toContain('Saving 5,000 entries');
    expect(q('[data-testid="fetch-progress"]')?.getAttribute('data-stage')).toBe('saving');
    expect(q('[data-testid="fetch-cancel"]')).toBeNull();
    status = { isFetching: false };
    post.resolve({
      success: true,
      videosFound: 5000,
      elapsedSeconds: 170,
      outcome: 'complete',
      cancelled: false,
      pagesRead: 167,
      ...pageOf([]),
    });
    await settle(fixture);
    expect(q('[data-testid="fetch-progress"]')).toBeNull();
    expect(text('[data-testid="fetch-notice"]')).toBe(
      'Loaded the Videos tab: 5,000 videos found in 2 min (167 pages).',
    );
  });

  it('cancels a Load all and says that what was read is kept', async () => {
    const post = deferred<unknown>();
    const status: FetchStatusResponse = {
      isFetching: true,
      type: 'full',
      tabType: 'videos',
      progress: {
        stage: 'listing',
        itemsFetched: 330,
        pagesRead: 11,
        expectedTotal: null,
        etaSeconds: null,
        sleepRequests: 0,
        cancelling: false,
      },
    };
    api.on('GET', `/api/channels/${CH}/fetch-status`, () => status);
    api.on('POST', `/fetchallchannelvideos/${CH}`, () => post.promise);
    api.on('POST', `/api/channels/${CH}/fetch/cancel`, () => ({
      status: 'cancelling',
      tabType: 'videos',
      itemsFetched: 330,
    }));
    q('[data-testid="fetch-all"]')!.click();
    await settle(fixture, 600);
    expect(text('[data-testid="fetch-progress"]')).toBe(
      "Listing the tab: page 11, 330 entries read (the tab's total is not known, so no time estimate)",
    );
    q('[data-testid="fetch-cancel"]')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', `/api/channels/${CH}/fetch/cancel`)[0].query).toEqual({ tabType: 'videos' });
    expect(text('[data-testid="fetch-progress"]')).toBe('Cancelling: the 330 entries read so far are kept…');
    expect((q('[data-testid="fetch-cancel"]') as HTMLButtonElement).disabled).toBe(true);
    post.resolve({
      success: true,
      videosFound: 330,
      elapsedSeconds: 12,
      outcome: 'cancelled',
      cancelled: true,
      pagesRead: 11,
      ...pageOf([]),
    });
    await settle(fixture);
    expect(q('[data-testid="fetch-progress"]')).toBeNull();
    expect(text('[data-testid="fetch-notice"]')).toBe(
      'Load all of the Videos tab cancelled after 12 s: the 330 videos read so far are kept. Load all again to read the rest.',
    );
  });

  it('counts again when one of its videos was downloaded, without a reload', async () => {
    const stats = (downloaded: number) => ({
      channelId: CH,
      tabs: {
        videos: { total: 340, fetchedAt: null, downloaded, ignored: 1, loaded: 5, percent: 4, complete: false },
      },
    });
    api.on('GET', `/api/channels/${CH}/tab-stats`, () => stats(13));
    live.send({ type: 'channelUpdated', channelId: 'UCsomeotherchannel00000', reason: 'downloaded' });
    await settle(fixture, 1100);
    expect(text('[data-testid="tab-stats-text"]')).toBe('12 downloaded of 340 (4 %)');
    live.send({ type: 'channelUpdated', channelId: CH, reason: 'downloaded' });
    await settle(fixture, 1100);
    expect(text('[data-testid="tab-stats-text"]')).toBe('13 downloaded of 340 (4 %)');
    expect(text('[data-testid="channel-tab-figure-videos"]')).toBe('13 of 340 downloaded');
  });

  it('says so when a fetch of the tab already runs (409)', async () => {
    api.on('POST', `/fetchallchannelvideos/${CH}`, () => {
      throw new ApiError(409, 'A full fetch of this tab is already running.');
    });
    api.on('GET', `/api/channels/${CH}/fetch-status`, () => ({
      isFetching: true,
      type: 'full',
      tabType: 'videos',
      progress: {
        stage: 'listing',
        itemsFetched: 10,
        pagesRead: 1,
        expectedTotal: null,
        etaSeconds: null,
        sleepRequests: 1,
        cancelling: false,
      },
    }));
    q('[data-testid="fetch-all"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="fetch-error"]')).toContain('A full fetch of this tab is already running.');
    expect(q('[data-testid="fetch-progress"]')).not.toBeNull();
    api.on('GET', `/api/channels/${CH}/fetch-status`, () => ({ isFetching: false }));
    await settle(fixture, 600);
    expect(q('[data-testid="fetch-progress"]')).toBeNull();
    expect(text('[data-testid="fetch-notice"]')).toBe('The Videos tab finished loading.');
  });

  const sizeOf = (bytes: number) => ({
    estimatedBytes: bytes,
    sizeBasis: { resolution: '1080', audioFormat: null, kilobitsPerSecond: 3630 },
    skipped: [],
  });

  it('previews and confirms download-all: count, length and size in one format, Load all first while incomplete', async () => {
    api.on('GET', `/api/channels/${CH}/download-all/preview`, () => ({
      count: 3,
      totalDurationSeconds: 7500,
      missingDurations: 1,
      ...sizeOf(3_400_000_000),
      listingComplete: false,
    }));
    api.on('POST', `/api/channels/${CH}/download-all`, () => ({ status: 'accepted', queued: 3, jobId: 'job-1' }));
    q('[data-testid="download-all-open"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="download-all-summary"]')).toBe(
      '3 videos would be queued as one job: 2 h 05 min in total, about 3.4 GB at 1080p (1 video without a known length is not in these figures).',
    );
    expect(text('[data-testid="download-all-size-basis"]')).toContain('typical 3.6 Mbit/s for 1080p');
    expect(q('[data-testid="download-all-load-first"]')).not.toBeNull();
    expect(text('[data-testid="download-all-confirm"]')).toBe('Queue 3 videos');
    q('[data-testid="download-all-confirm"]')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', `/api/channels/${CH}/download-all`)[0].body).toEqual({ tabType: 'videos' });
    expect(text('[data-testid="download-all-result"]')).toBe('Queued 3 videos as one job.');
    expect(q('[data-testid="download-all-preview"]')).toBeNull();
  });

  it('groups thousands in the confirm button and drops "Load all first" once the listing is complete', async () => {
    api.on('GET', `/api/channels/${CH}/download-all/preview`, () => ({
      count: 5000,
      totalDurationSeconds: 183600,
      missingDurations: 0,
      ...sizeOf(1_234_000_000_000),
      listingComplete: true,
    }));
    q('[data-testid="download-all-open"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="download-all-summary"]')).toBe(
      '5,000 videos would be queued as one job: 2 d 03 h in total, about 1.2 TB at 1080p.',
    );
    expect(text('[data-testid="download-all-confirm"]')).toBe('Queue 5,000 videos');
    expect(q('[data-testid="download-all-load-first"]')).toBeNull();
  });

  it('shows why download-all was refused', async () => {
    api.on('GET', `/api/channels/${CH}/download-all/preview`, () => ({
      count: 2,
      totalDurationSeconds: 60,
      missingDurations: 0,
      ...sizeOf(27_000_000),
      listingComplete: true,
    }));
    api.on('POST', `/api/channels/${CH}/download-all`, () => {
      throw new ApiError(409, 'Downloads are paused: storage limit reached');
    });
    q('[data-testid="download-all-open"]')!.click();
    await settle(fixture);
    q('[data-testid="download-all-confirm"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="download-all-error"]')).toBe('Not queued: Downloads are paused: storage limit reached');
  });

  it('switches tabs and asks for that tab', async () => {
    fixture.componentInstance.selectTab(1);
    await settle(fixture);
    expect(api.callsTo('GET', `/getchannelvideos/${CH}`).at(-1)!.query).toMatchObject({ tabType: 'shorts', page: '1' });
    expect(text('[data-testid="tab-stats-text"]')).toBe('0 downloaded · total not known yet (Load all counts it)');
  });

  it('opens the settings dialog and reloads after saving', async () => {
    api.on('GET', `/api/channels/${CH}/settings`, () => ({
      settings: { ...channel(), subfolder: null, detected_tabs: ['videos', 'shorts'] },
    }));
    api.on('PUT', `/api/channels/${CH}/settings`, ({ body }) => ({
      settings: { ...channel(), ...(body as object), detected_tabs: ['videos', 'shorts'] },
    }));
    q('[data-testid="channel-settings-open"]')!.click();
    await settle(fixture);
    const dialog = dom(fixture, () => document.body);
    expect(dialog.one('[data-testid="settings-subfolder"]')).not.toBeNull();
    dialog.type('[data-testid="settings-subfolder"]', 'music');
    await settle(fixture);
    const before = api.callsTo('GET', `/getchannelinfo/${CH}`).length;
    dialog.click('[data-testid="settings-save"]');
    await poll(fixture, 'the dialog to close and the page to reload', () =>
      text('[data-testid="channel-header-notice"]'),
    );
    expect(api.callsTo('PUT', `/api/channels/${CH}/settings`)[0].body).toEqual({ subfolder: 'music' });
    expect(api.callsTo('GET', `/getchannelinfo/${CH}`).length).toBe(before + 1);
    expect(text('[data-testid="channel-header-notice"]')).toBe('Settings saved.');
  });

  it('tells when the channel is unknown', async () => {
    api.on('GET', '/getchannelinfo/UCunknownunknownunknown1', () => {
      throw new ApiError(404, 'Channel not found');
    });
    api.on('GET', '/api/channels/UCunknownunknownunknown1/tabs', () => {
      throw new ApiError(404, 'Channel not found');
    });
    fixture.componentRef.setInput('channelId', 'UCunknownunknownunknown1');
    await settle(fixture);
    expect(text('[data-testid="channel-error"]')).toContain('not known here');
    expect(q('[data-testid="channel-tabs"]')).toBeNull();
    expect(el()).toBeTruthy();
  });
});
