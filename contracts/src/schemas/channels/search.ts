/** Searching the platform for channels to subscribe to. */
import { Type, type Static } from '../../typebox.js';
import { Nullable } from '../common.js';

export const CHANNEL_SEARCH_COUNTS = [10, 25, 50, 100] as const;

export const ChannelSearchRequest = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: '1 to 200 characters after trimming; no control characters',
    }),
    // Spelled out: a mapped list of literals types as never[] (CHANNEL_SEARCH_COUNTS above).
    count: Type.Union([Type.Literal(10), Type.Literal(25), Type.Literal(50), Type.Literal(100)], {
      default: 25,
      description: 'One of 10, 25, 50, 100',
    }),
  },
  { additionalProperties: false },
);
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
