import { describe, expect, it } from 'vitest';
import { channelDirOf, subfolderBase } from './channel-folder.js';

describe('channelDirOf', () => {
  const out = '/data';
  it('finds the channel folder under the root or under __<subfolder>', () => {
    expect(channelDirOf(out, '/data/Chan/Chan - T - id/Chan - T [id].mp4', null)).toBe('/data/Chan');
    expect(channelDirOf(out, '/data/Chan/Chan - T [id].mp4', null)).toBe('/data/Chan');
    expect(channelDirOf(out, '/data/__Music/Chan/x [id].mp3', 'Music')).toBe('/data/__Music/Chan');
    expect(subfolderBase(out, 'Music')).toBe('/data/__Music');
  });

  it('is null for a file outside its base, directly in it, or in a hidden folder', () => {
    expect(channelDirOf(out, '/elsewhere/Chan/x.mp4', null)).toBeNull();
    expect(channelDirOf(out, '/data/x [id].mp4', null)).toBeNull();
    expect(channelDirOf(out, '/data/Chan/x.mp4', 'Music')).toBeNull();
    expect(channelDirOf(out, '/data/.vidkeep-staging/job/x.mp4', null)).toBeNull();
    expect(channelDirOf(out, '/data/../etc/x', null)).toBeNull();
  });
});
