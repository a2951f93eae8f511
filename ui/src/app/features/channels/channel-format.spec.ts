import {
  autoDownloadCsv,
  autoDownloadLabel,
  autoDownloadTabs,
  downloadAllPreviewText,
  fetchProgressText,
  formatClock,
  formatCount,
  formatTotalDuration,
  isTab,
  plural,
  queuedText,
  subfolderLabel,
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

  it('describes tab stats', () => {
    expect(tabStatsText({ total: 340, downloaded: 12, percent: 4 })).toBe('12 / 340 downloaded (4 %)');
    expect(tabStatsText({ total: null, downloaded: 3, percent: null })).toBe('3 downloaded (total unknown)');
    expect(tabStatsText(undefined)).toBe('');
  });

  it.each([
    [{ count: 0, totalDurationSeconds: 0, missingDurations: 0 }, 'Nothing to download: every known video'],
    [
      { count: 3, totalDurationSeconds: 7500, missingDurations: 1 },
      '3 videos would be queued as one job, about 2 h 05 min in total (1 video without a known length).',
    ],
    [
      { count: 1, totalDurationSeconds: 60, missingDurations: 0 },
      '1 video would be queued as one job, about 1 min in total.',
    ],
    [
      {
        count: 1,
        totalDurationSeconds: 60,
        missingDurations: 0,
        skipped: [
          { reason: "shorter than 0:30, the channel's minimum duration", count: 2 },
          { reason: "longer than 20:00, the channel's maximum duration", count: 1 },
        ],
      },
      "1 video would be queued as one job, about 1 min in total. Left out: 2 videos shorter than 0:30, the channel's minimum duration; 1 video longer than 20:00, the channel's maximum duration.",
    ],
    [
      {
        count: 0,
        totalDurationSeconds: 0,
        missingDurations: 0,
        skipped: [{ reason: "shorter than 0:30, the channel's minimum duration", count: 4 }],
      },
      "or left out (4 videos shorter than 0:30, the channel's minimum duration).",
    ],
  ])('previews download-all %#', (preview, text) => {
    expect(downloadAllPreviewText(preview)).toContain(text);
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
