import { errorResponses } from '@vidkeep/contracts';
import type { ApiKeyTest } from '../services/api-key-test.js';
import type { ChannelList } from '../services/channel-list.js';
import type { SubscriptionImporter } from '../services/import/importer.js';
import type { ImportPreviews } from '../services/import/previews.js';
import type { ChannelSettingsService } from '../services/channel-settings.js';
import type { DownloadAll } from '../services/download-all.js';
import type { TabFetcher } from '../services/fetcher.js';
import type { ChannelListings } from '../services/listings.js';
import type { ChannelSearch } from '../services/search.js';
import type { ChannelSubscriptions } from '../services/subscriptions.js';
import type { SweepStarter } from '../services/sweep-starter.js';
import type { ChannelTabs } from '../services/tabs.js';
import type { VideoIgnores } from '../services/video-ignores.js';

/** What the channels plugin's route modules share: one service per resource. */
export interface ChannelRouteDeps {
  channels: ChannelList;
  subscriptions: ChannelSubscriptions;
  tabs: ChannelTabs;
  settings: ChannelSettingsService;
  listings: ChannelListings;
  fetcher: TabFetcher;
  ignores: VideoIgnores;
  downloadAll: DownloadAll;
  sweep: SweepStarter;
  search: ChannelSearch;
  apiKeyTest: ApiKeyTest;
  previews: ImportPreviews;
  importer: SubscriptionImporter;
}

export const tags = ['channels'];

/** The error statuses every channels route documents; routes add their own. */
export const errors = errorResponses(400, 401, 403, 404, 500);
