import {
  autoDownloadCsv,
  autoDownloadLabel,
  autoDownloadTabs,
  channelFetchProgressText,
  downloadAllPreviewText,
  fetchPacingText,
  fetchProgressText,
  formatClock,
  formatCount,
  formatTotalDuration,
  isTab,
  plural,
  queueButtonText,
  queuedText,
  sizeBasisText,
  subfolderLabel,
  tabBadgeText,
  tabKnownText,
  tabLabel,
  tabStatsText,
  savedSettingsNotice,
} from './channel-format';

describe('channel-format', () => {
  it('formats a video length as a clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(null)).toBe('');
    expect(formatClock(-1)).toBe('');
    expect(formatClock(Number.NaN)).toBe('');
  });

  it('formats a total length in words', () => {
    expect(formatTotalDuration(0)).toBe('0 s');
    expect(formatTotalDuration(42)).toBe('42 s');
    expect(formatTotalDuration(185)).toBe('3 min');
    expect(formatTotalDuration(7500)).toBe('2 h 05 min');
    expect(formatTotalDuration(183600)).toBe('2 d 03 h');
    expect(formatTotalDuration(undefined)).toBe('');
  });

  it('formats counts compactly and with plurals', () => {
    expect(formatCount(950)).toBe('950');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(2_500_000)).toBe('2.5M');
    expect(formatCount(null)).toBe('');
    expect(plural(1, 'video')).toBe('1 video');
    expect(plural(1234, 'video')).toBe('1,234 videos');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('maps auto-download CSV and tabs both ways', () => {
    expect(autoDownloadTabs('livestream,video')).toEqual(['videos', 'streams']);
    expect(autoDownloadTabs('')).toEqual([]);
    expect(autoDownloadTabs(null)).toEqual([]);
    expect(autoDownloadTabs('video, bogus')).toEqual(['videos']);
    expect(autoDownloadCsv(['streams', 'videos'])).toBe('video,livestream');
    expect(autoDownloadCsv([])).toBe('');
    expect(autoDownloadLabel('video,short')).toBe('Videos, Shorts');
    expect(autoDownloadLabel('')).toBe('Off');
  });

  it('labels tabs and subfolders', () => {
    expect(tabLabel('streams')).toBe('Live');
    expect(isTab('shorts')).toBe(true);
    expect(isTab('playlists')).toBe(false);
    expect(subfolderLabel('__default__')).toBe('No subfolder');
    expect(subfolderLabel(null)).toBe('No subfolder');
    expect(subfolderLabel('')).toBe('No subfolder');
    expect(subfolderLabel('music')).toBe('music');
  });

  it('describes fetch progress', () => {
    expect(fetchProgressText('listing', 0)).toBe('Listing the tab…');
    expect(fetchProgressText('listing', 1234)).toBe('Listing the tab: 1,234 entries read');
    expect(fetchProgressText('saving', 5000)).toBe('Saving 5,000 entries…');
    expect(fetchProgressText('done', 1)).toBe('Finished: 1 entry read');
    expect(fetchProgressText(undefined, undefined)).toBe('Starting…');
    expect(fetchProgressText('listing', 3, 'the playlist')).toBe('Listing the playlist: 3 entries read');
  });

  it('describes a Load all page by page, with the time left', () => {
    const p = {
      stage: 'listing' as const,
      itemsFetched: 330,
      pagesRead: 11,
      expectedTotal: 5000,
      etaSeconds: 160,
      sleepRequests: 1,
      cancelling: false,
    };
    expect(channelFetchProgressText(p)).toBe('Listing the tab: page 11, 330 of 5,000 entries read, about 2 min left');
    expect(channelFetchProgressText({ ...p, etaSeconds: 42 })).toBe(
      'Listing the tab: page 11, 330 of 5,000 entries read, about 42 s left',
    );
    expect(channelFetchProgressText({ ...p, expectedTotal: null, etaSeconds: null })).toBe(
      "Listing the tab: page 11, 330 entries read (the tab's total is not known, so no time estimate)",
    );
    expect(channelFetchProgressText({ ...p, itemsFetched: 0, pagesRead: 0 })).toBe(
      'Listing the tab: reading the first page…',
    );
    expect(channelFetchProgressText({ ...p, cancelling: true })).toBe(
      'Cancelling: the 330 entries read so far are kept…',
    );
    expect(channelFetchProgressText({ ...p, stage: 'saving', itemsFetched: 5000 })).toBe('Saving 5,000 entries…');
    expect(channelFetchProgressText({ ...p, stage: 'starting', itemsFetched: 0 })).toBe('Starting yt-dlp…');
    expect(fetchPacingText(1)).toBe(
      'yt-dlp reads the tab page by page, about 30 entries a page; pages are requested 1 s apart (the sleepRequests setting).',
    );
    expect(fetchPacingText(0)).toContain('pages are requested one after another');
  });

  it('says what each tab figure counts', () => {
    expect(tabStatsText({ total: 5000, downloaded: 12, percent: 0 })).toBe('12 downloaded of 5,000 (0 %)');
    expect(tabStatsText({ total: null, downloaded: 3, percent: null })).toBe(
      '3 downloaded · total not known yet (Load all counts it)',
    );
    expect(tabStatsText(undefined)).toBe('');
    expect(tabKnownText({ total: 5000, loaded: 5000, ignored: 3, complete: true })).toBe(
      '5,000 known here · 3 ignored',
    );
    expect(tabKnownText({ total: 5000, loaded: 228, ignored: 0, complete: false })).toBe(
      '228 of 5,000 known here · 0 ignored',
    );
    expect(tabKnownText({ total: null, loaded: 228, ignored: 1, complete: false })).toBe('228 known here · 1 ignored');
    expect(tabBadgeText({ total: 5000, downloaded: 1234 })).toBe('1,234 of 5,000 downloaded');
    expect(tabBadgeText({ total: null, downloaded: 12 })).toBe('12 downloaded');
  });

  const size = (bytes: number, kbps = 3630, resolution: '1080' | '720' | null = '1080') => ({
    estimatedBytes: bytes,
    sizeBasis: { resolution, audioFormat: resolution === null ? ('mp3_only' as const) : null, kilobitsPerSecond: kbps },
  });
  it.each([
    [{ count: 0, totalDurationSeconds: 0, missingDurations: 0, ...size(0) }, 'Nothing to download: every known video'],
    [
      { count: 5000, totalDurationSeconds: 183600, missingDurations: 0, ...size(1_234_000_000_000) },
      '5,000 videos would be queued as one job: 2 d 03 h in total, about 1.2 TB at 1080p.',
    ],
    [
      { count: 3, totalDurationSeconds: 7500, missingDurations: 1, ...size(3_400_000_000) },
      '3 videos would be queued as one job: 2 h 05 min in total, about 3.4 GB at 1080p (1 video without a known length is not in these figures).',
    ],
    [
      { count: 1, totalDurationSeconds: 60, missingDurations: 0, ...size(1_440_000, 192, null) },
      '1 video would be queued as one job: 1 min in total, about 1.4 MB as mp3.',
    ],
    [
      {
        count: 1,
        totalDurationSeconds: 60,
        missingDurations: 0,
        ...size(27_225_000),
        skipped: [
          { reason: "shorter than 0:30, the channel's minimum duration", count: 2 },
          { reason: "longer than 20:00, the channel's maximum duration", count: 1 },
        ],
      },
      "1 video would be queued as one job: 1 min in total, about 27 MB at 1080p. Left out: 2 videos shorter than 0:30, the channel's minimum duration; 1 video longer than 20:00, the channel's maximum duration.",
    ],
    [
      {
        count: 0,
        totalDurationSeconds: 0,
        missingDurations: 0,
        ...size(0),
        skipped: [{ reason: "shorter than 0:30, the channel's minimum duration", count: 4 }],
      },
      "or left out (4 videos shorter than 0:30, the channel's minimum duration).",
    ],
  ])('previews download-all %#', (preview, text) => {
    expect(downloadAllPreviewText(preview)).toContain(text);
  });

  it('says how the size was estimated, and names the confirm button with the same count', () => {
    expect(sizeBasisText({ resolution: '1080', audioFormat: null, kilobitsPerSecond: 3630 })).toBe(
      'Size estimated from the lengths at a typical 3.6 Mbit/s for 1080p (audio included); real files vary with the content.',
    );
    expect(sizeBasisText({ resolution: null, audioFormat: 'mp3_only', kilobitsPerSecond: 192 })).toBe(
      'Size estimated from the lengths at a typical 192 kbit/s for mp3; real files vary with the content.',
    );
    expect(queueButtonText(5000)).toBe('Queue 5,000 videos');
    expect(queueButtonText(1)).toBe('Queue 1 video');
  });

  it("says after saving whether the channel's folder moved", () => {
    const settings = { subfolder: 'Kids' };
    expect(savedSettingsNotice({ folderMoved: false, moveResult: null, settings })).toBe('Settings saved.');
    expect(
      savedSettingsNotice({ folderMoved: true, moveResult: { folders: [{ to: '/d/__Kids/C' }], videos: 5 }, settings }),
    ).toBe(
      "Settings saved. The channel's folder moved to __Kids with 5 videos; its .m3u file and the media-server playlists follow.",
    );
    expect(
      savedSettingsNotice({
        folderMoved: true,
        moveResult: { folders: [{ to: '/d/C' }], videos: 1 },
        settings: { subfolder: null },
      }),
    ).toContain('moved to the root of the output folder with 1 video');
  });

  it('tells what was queued', () => {
    expect(queuedText(60, 0)).toBe('Queued 60 videos.');
    expect(queuedText(1, 2)).toBe('Queued 1 video (2 videos already queued or downloading).');
  });
});
