import { join } from 'node:path';
import type { ChannelDownloadSettings } from '@vidkeep/contracts';
import { m3uText } from '@vidkeep/plugin-kit';
import { describe, expect, it } from 'vitest';
import type { PlaylistVideoRow } from '../entities.js';
import { m3uEntries, mediaTypeOf, syncItems } from './publish-plan.js';
import { groupBySettings } from './queueing.js';
import { checkSettings } from './settings.js';
import { entryRow } from './testing.js';

const OUT = '/media/out';
const M3U_DIR = join(OUT, '__playlists__');

/** Entry `n` with the download fields this file's tests look at. */
const row = (n: number, extra: Partial<PlaylistVideoRow> = {}) =>
  entryRow(n, {
    channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa',
    channelName: 'Listed Name',
    title: `Listed ${n}`,
    duration: 10,
    firstSeenAt: new Date(0),
    downloadedAt: new Date(0),
    ...extra,
  });

/** A published entry (in the library, not ignored) with its files under `<out>/Chan/`. */
function published(position: number, files: { video?: boolean; audio?: boolean } = {}): PlaylistVideoRow {
  const dir = join(OUT, 'Chan', `Chan - Title ${position}`);
  return row(position, {
    title: `Title ${position}`,
    channelName: 'Chan',
    duration: 100 + position,
    filePath: files.video === false ? null : join(dir, `t${position}.mp4`),
    audioFilePath: files.audio ? join(dir, `t${position}.mp3`) : null,
  });
}

const everywhere = () => true;

describe('the .m3u of a playlist', () => {
  it('keeps the playlist order, relative to __playlists__, byte for byte', () => {
    // Entries 2 to 4 are not published (not downloaded, deleted or ignored): the rest keep their order.
    const rows = [published(1), published(5)];
    const entries = m3uEntries(rows, { reversed: false, mediaType: 'video', m3uDir: M3U_DIR, exists: everywhere });
    expect(m3uText(entries, 'My: List')).toBe(
      [
        '#EXTM3U',
        '#PLAYLIST:My: List',
        '#EXTINF:101,Chan - Title 1',
        '../Chan/Chan - Title 1/t1.mp4',
        '#EXTINF:105,Chan - Title 5',
        '../Chan/Chan - Title 5/t5.mp4',
        '',
      ].join('\n'),
    );
  });

  it('reverses the current list, skips files missing on disk, and prefers the file of the playlist type', () => {
    const rows = [
      published(1, { audio: true }),
      published(2, { audio: true }),
      published(3, { video: false, audio: true }),
    ];
    const missing = join(OUT, 'Chan', 'Chan - Title 2', 't2.mp3');
    const entries = m3uEntries(rows, {
      reversed: true,
      mediaType: 'audio',
      m3uDir: M3U_DIR,
      exists: (p) => p !== missing,
    });
    expect(entries.map((e) => e.path)).toEqual([
      '../Chan/Chan - Title 3/t3.mp3',
      // Track 2's mp3 is gone from disk: its video file stands in.
      '../Chan/Chan - Title 2/t2.mp4',
      '../Chan/Chan - Title 1/t1.mp3',
    ]);
  });

  it('gives a file outside the output directory its true relative path', () => {
    const outside = row(1, { filePath: '/elsewhere/x.mp4', title: 'X', channelName: null });
    const [entry] = m3uEntries([outside], { reversed: false, mediaType: 'video', m3uDir: M3U_DIR, exists: everywhere });
    expect(entry).toEqual({ path: '../../../elsewhere/x.mp4', title: 'X', durationSeconds: 10 });
  });
});

describe('what a media server gets', () => {
  it('only files of the playlist type that exist', () => {
    const rows = [published(1, { audio: true }), published(2), published(3, { audio: true })];
    const items = syncItems(rows, {
      reversed: false,
      mediaType: mediaTypeOf({ audioFormat: 'mp3_only' }),
      outputDir: OUT,
      exists: (p) => !p.endsWith('t3.mp3'),
    });
    expect(items.map((i) => i.relativePath)).toEqual(['Chan/Chan - Title 1/t1.mp3']);
    expect(mediaTypeOf({ audioFormat: 'video_mp3' })).toBe('video');
    expect(mediaTypeOf({ audioFormat: null })).toBe('video');
  });
});

describe('settings of a playlist', () => {
  it('lists every problem at once', () => {
    const r = checkSettings({
      default_sub_folder: '__playlists__',
      title_filter_regex: '(open',
      default_rating: 'XXX',
      min_duration: 100,
      max_duration: 50,
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => e.path)).toEqual([
      'default_sub_folder',
      'max_duration',
      'title_filter_regex',
      'default_rating',
    ]);
  });

  it('normalises what it keeps', () => {
    expect(
      checkSettings({ default_sub_folder: '##USE_GLOBAL_DEFAULT##', title_filter_regex: '  ', default_rating: 'pg' }),
    ).toEqual({ ok: true, patch: { defaultSubFolder: null, titleFilterRegex: null, defaultRating: 'PG' } });
  });
});

describe('settings groups of a download', () => {
  const tracked = (enabled: boolean): ChannelDownloadSettings => ({
    channelId: 'UCtracked0000000000000a',
    enabled,
    folderName: null,
    subfolder: null,
    videoQuality: '480',
    audioFormat: 'video_mp3',
    additionalTags: null,
    skipVideoFolder: null,
  });
  const mine = row(1, { channelId: 'UCtracked0000000000000a' });
  const other = row(2, { channelId: 'UCother00000000000000000' });

  it('a subscribed uploader beats the playlist, the override beats both, a hidden one does not count', () => {
    const playlist = { videoQuality: '720', audioFormat: null };
    const groups = (enabled: boolean, override = {}) =>
      groupBySettings([mine, other], playlist, override, new Map([[mine.channelId!, tracked(enabled)]])).map((g) => [
        g.resolution,
        g.audioFormat,
        g.rows.map((r) => r.id),
      ]);
    expect(groups(true)).toEqual([
      ['480', 'video_mp3', [1]],
      ['720', null, [2]],
    ]);
    expect(groups(false)).toEqual([['720', null, [1, 2]]]);
    expect(groups(true, { resolution: '1080', audioFormat: null })).toEqual([['1080', null, [1, 2]]]);
  });
});
