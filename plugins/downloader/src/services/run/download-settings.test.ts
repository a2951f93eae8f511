import { sanitizeFileName, type ChannelDownloadSettings, type JobOptions } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { folderSettings, formatSettings, type FolderSettings } from './download-settings.js';

const CHANNEL: ChannelDownloadSettings = {
  channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa',
  enabled: true,
  folderName: 'My Channel',
  subfolder: 'kids',
  videoQuality: '480',
  audioFormat: 'video_mp3',
  additionalTags: ' a | b ||c ',
  skipVideoFolder: true,
};
const DISABLED: ChannelDownloadSettings = { ...CHANNEL, enabled: false };
const BARE: ChannelDownloadSettings = {
  ...CHANNEL,
  folderName: null,
  subfolder: null,
  videoQuality: null,
  audioFormat: null,
  additionalTags: null,
  skipVideoFolder: null,
};
const CONFIG = { defaultSubfolder: '', defaultSkipVideoFolder: false, preferredResolution: '1080' as const };
const NONE: FolderSettings = { subfolder: null, skipVideoFolder: false, channelFolder: null, additionalTags: [] };

describe('folderSettings', () => {
  it.each<[string, JobOptions, ChannelDownloadSettings | null, Partial<typeof CONFIG>, FolderSettings]>([
    ['nothing set: the output root, with a video folder', {}, null, {}, NONE],
    [
      'the configured default subfolder and layout',
      {},
      null,
      { defaultSubfolder: 'all', defaultSkipVideoFolder: true },
      { ...NONE, subfolder: 'all', skipVideoFolder: true },
    ],
    [
      'an enabled channel’s settings',
      {},
      CHANNEL,
      { defaultSubfolder: 'all' },
      { subfolder: 'kids', skipVideoFolder: true, channelFolder: 'My Channel', additionalTags: ['a', 'b', 'c'] },
    ],
    [
      'a disabled channel’s settings do not apply',
      {},
      DISABLED,
      { defaultSubfolder: 'all' },
      { ...NONE, subfolder: 'all' },
    ],
    [
      'a channel without settings falls back to the defaults',
      {},
      BARE,
      { defaultSubfolder: 'all' },
      { ...NONE, subfolder: 'all' },
    ],
    [
      'the job’s own options win',
      { subfolder: 'mine', skipVideoFolder: false, additionalTags: 'x' },
      CHANNEL,
      {},
      { subfolder: 'mine', skipVideoFolder: false, channelFolder: 'My Channel', additionalTags: ['x'] },
    ],
    [
      'a job’s null subfolder means the root, not the default',
      { subfolder: null },
      CHANNEL,
      { defaultSubfolder: 'all' },
      { subfolder: null, skipVideoFolder: true, channelFolder: 'My Channel', additionalTags: ['a', 'b', 'c'] },
    ],
    [
      'a playlist’s fallback subfolder beats the global default, not an enabled channel',
      { fallbackSubfolder: 'lists' },
      null,
      { defaultSubfolder: 'all' },
      { ...NONE, subfolder: 'lists' },
    ],
    [
      'an enabled channel’s subfolder beats the playlist’s fallback',
      { fallbackSubfolder: 'lists' },
      CHANNEL,
      {},
      { subfolder: 'kids', skipVideoFolder: true, channelFolder: 'My Channel', additionalTags: ['a', 'b', 'c'] },
    ],
    [
      'a hidden (disabled) channel does not beat the playlist’s fallback',
      { fallbackSubfolder: 'lists' },
      DISABLED,
      { defaultSubfolder: 'all' },
      { ...NONE, subfolder: 'lists' },
    ],
    ['a null fallback means the root', { fallbackSubfolder: null }, null, { defaultSubfolder: 'all' }, NONE],
    ['an invalid subfolder falls back to none', { subfolder: '.hidden' }, null, {}, NONE],
    ['the reserved subfolder falls back to none', {}, null, { defaultSubfolder: '__playlists__' }, NONE],
    ['empty tags are none', { additionalTags: ' | ' }, null, {}, NONE],
  ])('%s', (_name, options, channel, config, expected) => {
    expect(folderSettings(options, channel, { ...CONFIG, ...config })).toEqual(expected);
  });
});

describe('formatSettings', () => {
  it.each<[string, JobOptions, ChannelDownloadSettings | null, ReturnType<typeof formatSettings>]>([
    ['the configured resolution, video only', {}, null, { resolution: '1080', audioFormat: null }],
    ['the owner channel’s quality and audio', {}, CHANNEL, { resolution: '480', audioFormat: 'video_mp3' }],
    ['also while the channel is disabled', {}, DISABLED, { resolution: '480', audioFormat: 'video_mp3' }],
    [
      'the job’s own choice wins',
      { resolution: '720', audioFormat: 'mp3_only' },
      CHANNEL,
      { resolution: '720', audioFormat: 'mp3_only' },
    ],
    [
      'a job’s null audio format means video only',
      { audioFormat: null },
      CHANNEL,
      { resolution: '480', audioFormat: null },
    ],
  ])('%s', (_name, options, owner, expected) => {
    expect(formatSettings(options, owner, CONFIG)).toEqual(expected);
  });
});

describe('sanitizeFileName (channel folders)', () => {
  it.each([
    ['Plain Name', 'Plain Name'],
    ['a/b\\c:d*e?f"g<h>i|j', 'a_b_c_d_e_f_g_h_i_j'],
    ['..hidden', 'hidden'],
    ['tab\there', 'tab_here'],
    ['...', 'Unknown Channel'],
    ['   ', 'Unknown Channel'],
    ['x'.repeat(100), 'x'.repeat(80)],
  ])('%j becomes %j', (name, expected) => {
    expect(sanitizeFileName(name)).toBe(expected);
  });
});
