import type { EventBus } from '@vidkeep/plugin-kit';
import {
  discoveredMessage,
  jobMessage,
  retentionMessage,
  storagePausedMessage,
  platformCoolingDownMessage,
  storageResumedMessage,
  toolUpdateMessage,
} from '../messages.js';
import type { Notifier } from '../notifier.js';

/** One message per occasion: each subscription builds it; the bus keeps a failing one from reaching the publisher. */
export function subscribeMessages(events: EventBus, notifier: Notifier): void {
  const on = events.subscribe.bind(events);
  on('downloader.job.finished', (e) => notifier.notify(jobMessage(e)));
  on('channels.videos.discovered', (e) => notifier.notify(discoveredMessage(e)));
  on('playlists.videos.discovered', (e) => notifier.notify(discoveredMessage(e)));
  on('downloader.storage.paused', (e) => notifier.notify(storagePausedMessage(e)));
  on('downloader.storage.resumed', (e) => notifier.notify(storageResumedMessage(e)));
  on('downloader.platform.coolingDown', (e) => notifier.notify(platformCoolingDownMessage(e)));
  on('downloader.tool.updateChecked', (e) => notifier.notify(toolUpdateMessage(e)));
  on('playlists.mediaServerSync.failed', (e) => notifier.syncFailed(e));
  on('retention.videos.removed', (e) => notifier.notify(retentionMessage(e)));
}
