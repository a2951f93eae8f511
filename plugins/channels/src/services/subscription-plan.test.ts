import { InvalidInputError, type UpdateChannelsRequest } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import type { ChannelMetadata } from './platform.js';
import { channelInfo, newChannelRow, planUpdate } from './subscription-plan.js';

const ID = 'UCabcdefghijklmnopqrstuv';

describe('the two body forms of /updatechannels', () => {
  it.each<[string, UpdateChannelsRequest, ReturnType<typeof planUpdate>]>([
    [
      'items that say their own state',
      [
        { url: '@a', enabled: true },
        { url: '@b', enabled: false },
      ],
      { adds: [{ url: '@a' }], removes: ['@b'] },
    ],
    [
      'add and remove lists, with plain and detailed adds',
      { add: ['@a', { url: '@c', channel_id: ID, settings: { sub_folder: 'Music' } }], remove: ['@b'] },
      {
        adds: [{ url: '@a' }, { url: '@c', channelId: ID, settings: { sub_folder: 'Music' } }],
        removes: ['@b'],
      },
    ],
    ['only removals', { remove: ['@b'] }, { adds: [], removes: ['@b'] }],
  ])('%s', (_what, body, plan) => {
    expect(planUpdate(body)).toEqual(plan);
  });

  it.each<[string, UpdateChannelsRequest]>([
    ['an empty object', {}],
    ['empty lists', { add: [], remove: [] }],
  ])('rejects %s: nothing to change', (_what, body) => {
    expect(() => planUpdate(body)).toThrow(InvalidInputError);
    expect(() => planUpdate(body)).toThrow('Nothing to change: give at least one channel to add or remove');
  });
});

const meta = (over: Partial<ChannelMetadata> = {}): ChannelMetadata => ({
  channelId: ID,
  title: 'Alpha',
  description: 'About alpha',
  uploader: 'Alpha Uploads',
  handle: '@alpha',
  url: `https://www.youtube.com/channel/${ID}`,
  thumbnailUrl: 'https://img.example/a.jpg',
  hasVideos: true,
  ...over,
});

describe('a channel as first stored', () => {
  it('is disabled, without tabs, auto-downloading videos once enabled, filed under its uploader', () => {
    expect(newChannelRow(meta())).toMatchObject({
      channelId: ID,
      title: 'Alpha',
      description: 'About alpha',
      folderName: 'Alpha Uploads',
      enabled: false,
      availableTabs: null,
      autoDownloadEnabledTabs: 'video',
      m3uSortOrder: 'oldest_first',
    });
  });

  it.each<[string, Partial<ChannelMetadata>, Partial<ReturnType<typeof newChannelRow>>]>([
    ['no uploader: filed under the title', { uploader: null }, { folderName: 'Alpha', uploader: null }],
    ['an empty description is none', { description: '' }, { description: null }],
    ['a long title is cut at 300 characters', { title: 'x'.repeat(400) }, { title: 'x'.repeat(300) }],
  ])('%s', (_what, over, expected) => {
    expect(newChannelRow(meta(over))).toMatchObject(expected);
  });
});

describe('what /addchannelinfo answers', () => {
  const row = { ...newChannelRow(meta({ description: '' })), id: 7, createdAt: new Date(0), updatedAt: new Date(0) };

  const schedule = { newest: 5, nextCheckAt: new Date('2026-11-29T11:00:00Z') };

  it('names the channel by its id, with the visible tabs', () => {
    expect(channelInfo({ ...row, availableTabs: 'videos,shorts', hiddenTabs: 'shorts' }, true, schedule)).toEqual({
      id: ID,
      channel_id: ID,
      title: 'Alpha',
      description: '',
      enabled: false,
      existing: true,
      url: `https://www.youtube.com/channel/${ID}`,
      handle: '@alpha',
      thumbnailUrl: 'https://img.example/a.jpg',
      availableTabs: ['videos'],
      autoDownload: { tabs: ['videos'], newest: 5, nextCheckAt: '2026-11-29T11:00:00.000Z' },
    });
  });

  it('says what subscribing starts: the tabs that download by themselves, only those the channel has', () => {
    const shortsOnly = { ...row, availableTabs: 'shorts', hiddenTabs: null };
    expect(channelInfo(shortsOnly, false, schedule).autoDownload.tabs).toEqual([]);
    const both = { ...row, availableTabs: 'videos,shorts', hiddenTabs: null, autoDownloadEnabledTabs: 'video,short' };
    expect(channelInfo(both, false, { newest: 3, nextCheckAt: null }).autoDownload).toEqual({
      tabs: ['videos', 'shorts'],
      newest: 3,
      nextCheckAt: null,
    });
  });
});
