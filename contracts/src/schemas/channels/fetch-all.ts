/** Load all: reading a whole tab's listing from the platform, its progress and cancelling it. */
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable, pageQueryFields, TriStateFilter } from '../common.js';
import { TAB_TYPES, TabType } from './tabs.js';
import { ChannelVideoPage } from './videos.js';

export const FetchAllQuery = Type.Object(
  {
    ...pageQueryFields({ defaultPageSize: 50 }),
    downloadedFilter: TriStateFilter,
    tabType: Type.Enum(TAB_TYPES, { default: 'videos' }),
  },
  { additionalProperties: false },
);
export type FetchAllQuery = Static<typeof FetchAllQuery>;
/**
 * How a Load all ended: `complete` (the whole tab was read), `limit` (stopped at 5,000 entries,
 * the tab has more), `cancelled` (stopped on request; what was read is kept), `failed`.
 */
export const FetchOutcome = Type.Union([
  Type.Literal('complete'),
  Type.Literal('limit'),
  Type.Literal('cancelled'),
  Type.Literal('failed'),
]);
export type FetchOutcome = Static<typeof FetchOutcome>;
export const FetchAllResponse = Type.Object({
  success: Type.Boolean(),
  videosFound: Type.Integer({ description: 'Entries read and saved (until the cancel, when cancelled)' }),
  elapsedSeconds: Type.Number(),
  outcome: Type.Union([Type.Literal('complete'), Type.Literal('limit'), Type.Literal('cancelled')]),
  cancelled: Type.Boolean(),
  pagesRead: Type.Integer({ description: 'Pages of the listing read (the platform sends about 30 entries a page)' }),
  ...ChannelVideoPage.properties,
});
export const FetchStatusQuery = Type.Object({ tabType: Type.Optional(TabType) }, { additionalProperties: false });
export const FetchStatusResponse = Type.Object({
  isFetching: Type.Boolean(),
  startTime: Type.Optional(DateTime),
  type: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('refresh')])),
  tabType: Type.Optional(TabType),
  progress: Type.Optional(
    Type.Object({
      itemsFetched: Type.Integer(),
      stage: Type.Union([Type.Literal('listing'), Type.Literal('saving')]),
      pagesRead: Type.Integer({
        description: 'Pages of the listing read so far (the platform sends about 30 entries a page)',
      }),
      expectedTotal: Nullable(
        Type.Integer({
          description:
            "Entries the listing should reach: the tab's total (tab-stats), at most 5,000; null when unknown",
        }),
      ),
      etaSeconds: Nullable(
        Type.Integer({
          description: 'About how many seconds the listing needs still, from its pace so far; null without a total',
        }),
      ),
      sleepRequests: Type.Number({
        description: 'Seconds yt-dlp waits before each page request (the `sleepRequests` setting); 0 = not paced',
      }),
      cancelling: Type.Boolean({ description: 'A cancel was asked for; the listing is stopping' }),
    }),
  ),
  lastFetch: Type.Optional(
    Type.Object(
      {
        tabType: TabType,
        outcome: FetchOutcome,
        startTime: DateTime,
        endTime: DateTime,
        itemsFetched: Type.Integer(),
        pagesRead: Type.Integer(),
        error: Nullable(Type.String()),
      },
      { description: 'How the last Load all of the tab ended (since the server started); only with `tabType`' },
    ),
  ),
});
export type FetchStatusResponse = Static<typeof FetchStatusResponse>;
export const FetchCancelResponse = Type.Object({
  status: Type.Literal('cancelling'),
  tabType: TabType,
  itemsFetched: Type.Integer({ description: 'Entries read so far: they are kept' }),
});

export const TabQuery = Type.Object(
  { tabType: Type.Enum(TAB_TYPES, { default: 'videos' }) },
  { additionalProperties: false },
);
