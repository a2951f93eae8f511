import { NotFoundError } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import type { ChannelRow } from '../entities.js';
import { findByRef, requireChannel } from './channel-lookup.js';
import { newChannelRow } from './subscription-plan.js';

const ID = 'UCabcdefghijklmnopqrstuv';
const row: ChannelRow = {
  ...newChannelRow({
    channelId: ID,
    title: 'Alpha',
    description: '',
    uploader: null,
    handle: '@alpha',
    url: 'https://www.youtube.com/@alpha',
    thumbnailUrl: null,
    hasVideos: true,
  }),
  id: 1,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};
const asked: string[] = [];
const store = {
  byChannelId: async (id: string) => (asked.push(`id ${id}`), id === ID ? row : null),
  byHandleOrUrl: async (handle: string | null, url: string) => (
    asked.push(`handle ${handle} url ${url}`),
    handle === '@alpha' || url === row.url ? row : null
  ),
};

describe('finding a stored channel', () => {
  it('requires a known channel id', async () => {
    await expect(requireChannel(store, ID)).resolves.toBe(row);
    const unknown = requireChannel(store, 'UCzzzzzzzzzzzzzzzzzzzzzz');
    await expect(unknown).rejects.toBeInstanceOf(NotFoundError);
    await expect(unknown).rejects.toMatchObject({
      code: 'CHANNELS_NOT_FOUND',
      message: 'Channel UCzzzzzzzzzzzzzzzzzzzzzz is not known; add it first',
    });
  });

  it.each([
    ['a channel id', { url: 'u', channelId: ID, handle: null }, `id ${ID}`, row],
    ['a handle', { url: 'u', channelId: null, handle: '@alpha' }, 'handle @alpha url u', row],
    ['a URL', { url: row.url, channelId: null, handle: null }, `handle null url ${row.url}`, row],
    ['an unknown handle', { url: 'u', channelId: null, handle: '@beta' }, 'handle @beta url u', null],
  ])('by %s', async (_what, ref, question, found) => {
    asked.length = 0;
    expect(await findByRef(store, ref)).toBe(found);
    expect(asked).toEqual([question]);
  });
});
