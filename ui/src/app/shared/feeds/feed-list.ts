import { signal } from '@angular/core';
import { toApiError } from '../../core/api';
import { KeyMessages, KeySet } from '../keyed';
import { PendingAction } from '../pending-action';
import { plural } from '../channel-format';
import { formatWhen } from '../format';
import type { Feed, FeedFormat, FeedsApi, FeedSubject } from './feeds-api';

/** "3 episodes", with the ones still waiting for their audio file. */
export function episodesText(feed: Pick<Feed, 'episodes' | 'pendingAudio'>): string {
  const waiting = feed.pendingAudio > 0 ? ` · ${plural(feed.pendingAudio, 'episode')} waiting for audio` : '';
  return plural(feed.episodes, 'episode') + waiting;
}

/** When a podcast app last read the feed, in words. */
export const lastFetchedText = (feed: Pick<Feed, 'lastFetchedAt'>): string =>
  feed.lastFetchedAt
    ? `last fetched by a podcast app ${formatWhen(feed.lastFetchedAt)}`
    : 'not fetched by a podcast app yet';

/** Whether two answers are about the same list (a page moved to another channel meanwhile). */
const same = (a: FeedSubject | null, b: FeedSubject | null) => a?.kind === b?.kind && a?.subjectId === b?.subjectId;

export const formatLabel = (format: FeedFormat): string => (format === 'audio' ? 'Audio' : 'Video');

/**
 * The podcast feeds of one channel or playlist (`subject`), or all of them (Settings, no
 * subject): the list, making one, revoking one or all, the OPML file. Each action's busy state
 * and refusal are its own, shown where it happened.
 */
export class FeedList {
  readonly feeds = signal<Feed[] | null>(null);
  readonly load = new PendingAction('The feeds could not be loaded: ');
  readonly create = new PendingAction('No feed made: ');
  /** The format being made now. */
  readonly creating = signal<FeedFormat | null>(null);
  readonly revoking = new KeySet<number>();
  readonly revokeErrors = new KeyMessages<number>();
  readonly revokeAll = new PendingAction('Not revoked: ');
  readonly opml = new PendingAction('No OPML file: ');
  /** The feeds plugin does not answer (not loaded, or switched off): nothing to show. */
  readonly unavailable = signal(false);
  /** What the last Revoke all did. */
  readonly notice = signal<string | null>(null);

  constructor(
    private readonly api: FeedsApi,
    private readonly subject: () => FeedSubject | null = () => null,
  ) {}

  /** Whether there is a feed in this format already. */
  has(format: FeedFormat): boolean {
    return this.feeds()?.some((f) => f.format === format) ?? false;
  }

  async refresh(): Promise<void> {
    const subject = this.subject();
    await this.load.run(async () => {
      try {
        const { feeds } = await this.api.list(subject ?? {});
        if (same(subject, this.subject())) this.feeds.set(feeds);
        this.unavailable.set(false);
      } catch (err) {
        if (toApiError(err).status !== 404) throw err;
        this.unavailable.set(true);
      }
    });
  }

  /** Gets the feed of the subject in `format` (the existing one when there is one). */
  async make(format: FeedFormat): Promise<void> {
    const subject = this.subject();
    if (!subject) return;
    this.creating.set(format);
    await this.create.run(async () => {
      const feed = await this.api.create({ ...subject, format });
      if (!same(subject, this.subject())) return;
      this.feeds.update((list) => [...(list ?? []).filter((f) => f.id !== feed.id), feed]);
    });
    this.creating.set(null);
  }

  async revoke(feed: Feed): Promise<boolean> {
    this.revoking.set(feed.id);
    this.revokeErrors.set(feed.id, null);
    const done = new PendingAction('Not revoked: ');
    const ok = await done.run(() => this.api.revoke(feed.id));
    this.revoking.set(feed.id, false);
    if (ok) this.feeds.update((list) => list?.filter((f) => f.id !== feed.id) ?? null);
    else this.revokeErrors.set(feed.id, done.error());
    return ok;
  }

  async revokeEvery(): Promise<boolean> {
    this.notice.set(null);
    return this.revokeAll.run(async () => {
      const { revoked } = await this.api.revokeAll();
      this.notice.set(`${plural(revoked, 'feed')} revoked.`);
      await this.refresh();
    });
  }

  /** Fetches the OPML file of every feed and hands it to the browser as a download. */
  async downloadOpml(): Promise<void> {
    await this.opml.run(async () => {
      const xml = await this.api.opml();
      const url = URL.createObjectURL(new Blob([xml], { type: 'text/x-opml' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'vidkeep-feeds.opml';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    });
  }
}
