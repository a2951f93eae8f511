/**
 * Podcast feeds: every subscribed channel and followed playlist as an RSS feed podcast apps
 * subscribe to, with a private, revocable address per feed (apps cannot send headers). Audio feeds
 * carry the audio files (made once on demand from the video when there is none), video feeds the
 * videos. What a feed can be made of comes from the `feedSourceProvidersRef` extension point
 * (channels and playlists contribute), so this plugin knows no other plugin.
 *
 * Written against `@vidkeep/plugin-kit` alone (and its own shapes, `@vidkeep/contracts/feeds`).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FeedsConfigSection, feedSourceProvidersRef } from '@vidkeep/contracts/feeds';
import {
  definePlugin,
  libraryServiceRef,
  mapDomainErrors,
  mediaToolsProvidersRef,
  Sql,
  type PluginContext,
} from '@vidkeep/plugin-kit';
import { AudioCache } from './audio.js';
import { EpisodeLister } from './episodes.js';
import { FeedService } from './feeds.js';
import { InfoCache } from './info.js';
import { feedApiRoutes } from './routes/api-routes.js';
import { publicFeedRoutes } from './routes/public-routes.js';
import { FeedStore } from './store.js';
import { FeedTable } from './tables.js';

export const ID = 'feeds';

export default definePlugin({
  id: ID,
  version: '1.0.0',
  core: '^1.4.0',
  description: 'Podcast feeds of channels and playlists, with private addresses for podcast apps',
  dependsOn: ['library'],
  toggleable: true,
  config: FeedsConfigSection,
  migrations: [
    {
      name: '20261129100000_initial',
      load: async () => (await import('./migrations/20261129100000_initial.js')).Initial,
    },
  ],
  entities: [FeedTable],
  consumes: [libraryServiceRef, feedSourceProvidersRef, mediaToolsProvidersRef],
  register(raw) {
    const ctx = raw as unknown as PluginContext<Record<string, unknown>, FeedsConfigSection>;
    const library = () => ctx.resolve(libraryServiceRef);
    const tools = ctx.resolveAll(mediaToolsProvidersRef);
    const store = new FeedStore(new Sql(ctx.orm));
    const info = new InfoCache(join(ctx.env.paths.jobsDir, 'info'));
    const audio = new AudioCache({
      dir: join(ctx.env.paths.configDir, 'feeds', 'audio'),
      tools: () => tools.all().find((t) => t.extractAudio),
      logger: ctx.logger,
      made: () => feeds.invalidate(),
    });
    const episodes = new EpisodeLister({
      library,
      info,
      audio,
      outputDir: ctx.env.paths.outputDir,
      audioOnDemand: () => ctx.config.get().feedsAudioOnDemand,
    });
    const feeds = new FeedService({
      store,
      sources: ctx.resolveAll(feedSourceProvidersRef),
      episodes,
      publicUrl: () => ctx.config.get().feedsPublicUrl,
    });

    // Audio made for a video goes with it.
    ctx.events.subscribe('downloader.video.removed', async ({ sourceId }) => {
      info.forget(sourceId);
      await rm(audio.fileOf(sourceId), { force: true });
    });
    // A download (again) writes a new info.json; a move may bring one back.
    ctx.events.subscribe('downloader.video.downloaded', ({ sourceId }) => info.forget(sourceId));
    ctx.events.subscribe('downloader.video.relocated', ({ sourceId }) => info.forget(sourceId));
    // What a built feed depends on: the library's records and files, and the settings.
    for (const event of [
      'downloader.video.downloaded',
      'downloader.video.removed',
      'downloader.video.relocated',
      'downloader.videos.changed',
      'downloader.videos.moved',
      'core.config.updated',
    ] as const)
      ctx.events.subscribe(event, () => feeds.invalidate());

    ctx.routes(async (app) => {
      mapDomainErrors(app, {});
      const deps = { store, feeds, episodes, info, audio };
      await app.register(feedApiRoutes, deps);
      await app.register(publicFeedRoutes, deps);
    });
    ctx.onClose(() => audio.close());
  },
});
