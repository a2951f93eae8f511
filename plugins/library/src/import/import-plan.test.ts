import { describe, expect, it } from 'vitest';
import type { WalkedFile } from '../disk/walk.js';
import { groupByVideo, moveTarget, movedName, recordFields, subfolderOf, titleFromName } from './import-plan.js';
import { isSidecar } from './import-files.js';

const ID = 'dQw4w9WgXcQ';
const file = (path: string, over: Partial<WalkedFile> = {}): WalkedFile => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return {
    path,
    dir: path.slice(0, path.lastIndexOf('/')),
    name,
    size: 10,
    kind: /\.(mp3|m4a)$/.test(name) ? 'audio' : 'video',
    nameId: /\[([A-Za-z0-9_-]{11})\]/.exec(name)?.[1] ?? null,
    infoJson: null,
    ...over,
  };
};

describe('library import plan', () => {
  it('groups a video with its mp3, takes the id from an info.json when the name has none, and sets aside files with neither', () => {
    const files = [
      file(`/out/in/Song [${ID}].mp4`),
      file(`/out/in/Song [${ID}].mp3`),
      file(`/out/in/Song [${ID}].webm`),
      file('/out/in/renamed.mkv', { infoJson: '/out/in/renamed.info.json' }),
      file('/out/in/holiday.mp4'),
    ];
    const infos: Record<string, object> = { '/out/in/renamed.info.json': { id: 'xxxxxxxxxxx', title: 'Renamed' } };
    const { videos, noId } = groupByVideo(files, (f) => infos[f.infoJson!] ?? null);
    expect(noId.map((f) => f.name)).toEqual(['holiday.mp4']);
    const song = videos.find((v) => v.sourceId === ID)!;
    expect(song.video?.name).toBe(`Song [${ID}].mp4`);
    expect(song.audio?.name).toBe(`Song [${ID}].mp3`);
    expect(song.duplicates.map((f) => f.name)).toEqual([`Song [${ID}].webm`]);
    expect(videos.find((v) => v.sourceId === 'xxxxxxxxxxx')).toMatchObject({ info: { title: 'Renamed' } });
  });

  it('ignores an info.json that names another video', () => {
    const { videos } = groupByVideo([file(`/o/A [${ID}].mp4`, { infoJson: '/o/A.info.json' })], () => ({
      id: 'zzzzzzzzzzz',
      title: 'Wrong',
    }));
    expect(videos[0]).toMatchObject({ sourceId: ID, info: null });
  });

  it('takes the fields from the info.json, the title from the name otherwise', () => {
    const withInfo = recordFields({
      sourceId: ID,
      video: file(`/o/x [${ID}].mp4`),
      audio: null,
      duplicates: [],
      info: {
        title: 'Real title',
        uploader: 'Uploader',
        channel_id: 'UCabc',
        duration: 61.6,
        upload_date: '20240102',
        width: 1920,
        height: 1080,
        media_type: 'short',
        timestamp: 1704196800,
      },
      infoJsonPath: '/o/x.info.json',
    });
    expect(withInfo).toMatchObject({
      title: 'Real title',
      channelName: 'Uploader',
      channelId: 'UCabc',
      duration: 62,
      uploadDate: '20240102',
      mediaType: 'short',
      videoResolution: '1920x1080',
      publishedAt: '2024-01-02T12:00:00.000Z',
    });
    const bare = recordFields({
      sourceId: ID,
      video: file(`/o/My  clip [${ID}].mp4`),
      audio: null,
      duplicates: [],
      info: null,
      infoJsonPath: null,
    });
    expect(bare).toMatchObject({ title: 'My clip', channelName: null, channelId: null, videoResolution: null });
    expect(titleFromName(`[${ID}].mp4`, ID)).toBe(ID);
  });

  it('moves into [__subfolder/]<Channel>/<name> - <id>/ and gives sidecars the id', () => {
    const f = file(`/out/in/Song [${ID}].mp4`);
    const base = { outputDir: '/out', file: f, sourceId: ID, flat: false };
    expect(moveTarget({ ...base, subfolder: 'Music', channelName: 'A/B' })).toBe(`/out/__Music/A_B/Song - ${ID}`);
    expect(moveTarget({ ...base, subfolder: null, channelName: null, flat: true })).toBe('/out/Unknown Channel');
    expect(movedName(`Song [${ID}].nfo`, `Song [${ID}]`, ID)).toBe(`Song [${ID}].nfo`);
    expect(movedName('renamed.en.srt', 'renamed', ID)).toBe(`renamed [${ID}].en.srt`);
    expect(isSidecar('Clip.info.json', 'Clip')).toBe(true);
    expect(isSidecar('Clip-fanart.jpg', 'Clip')).toBe(true);
    expect(isSidecar('Clip 2.mp4', 'Clip')).toBe(false);
    expect(subfolderOf('/out', '/out/__Music/A/x.mp4')).toBe('Music');
    expect(subfolderOf('/out', '/out/__playlists__/x.mp4')).toBeNull();
    expect(subfolderOf('/out', '/out/A/x.mp4')).toBeNull();
  });
});
