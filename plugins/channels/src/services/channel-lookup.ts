import { ChannelErrorCodes as E, NotFoundError } from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';
import type { ChannelStore } from './channel-store.js';
import type { normalizeChannelRef } from './platform.js';

/** What finding a stored channel needs of the store. */
export type ChannelLookup = Pick<ChannelStore, 'byChannelId'>;
export type ChannelRef = NonNullable<ReturnType<typeof normalizeChannelRef>>;

/** The stored channel; not found until it has been added. */
export async function requireChannel(store: ChannelLookup, channelId: string): Promise<ChannelRow> {
  const row = await store.byChannelId(channelId);
  if (!row) throw new NotFoundError(E.notFound, `Channel ${channelId} is not known; add it first`);
  return row;
}

/** The stored channel a reference names: by channel id when it carries one, else by handle or URL. */
export function findByRef(
  store: Pick<ChannelStore, 'byChannelId' | 'byHandleOrUrl'>,
  ref: ChannelRef,
): Promise<ChannelRow | null> {
  return ref.channelId ? store.byChannelId(ref.channelId) : store.byHandleOrUrl(ref.handle, ref.url);
}
