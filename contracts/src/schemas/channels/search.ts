/** Searching the platform for channels to subscribe to. */
import { Type, type Static } from '../../typebox.js';
import { Nullable, SEARCH_COUNTS, searchRequest } from '../common.js';

export const CHANNEL_SEARCH_COUNTS = SEARCH_COUNTS;

export const ChannelSearchRequest = searchRequest();
export const ChannelSearchResult = Type.Object({
  channelId: Type.String(),
  name: Type.String(),
  handle: Nullable(Type.String()),
  url: Type.String(),
  thumbnailUrl: Nullable(Type.String()),
  subscriberCount: Nullable(Type.Integer()),
  videoCount: Nullable(Type.Integer({ description: 'Only on the Data API path; null on the yt-dlp fallback' })),
  description: Nullable(Type.String()),
  subscribed: Type.Boolean({ description: 'An enabled local channel with this id exists' }),
});
export type ChannelSearchResult = Static<typeof ChannelSearchResult>;
export const ChannelSearchResponse = Type.Object({ results: Type.Array(ChannelSearchResult) });
