import { Injectable, inject } from '@angular/core';
import type { FeedKind, FeedQuery, NewFeed } from '@vidkeep/contracts';
import { Api } from '../../core/api';

export type { Feed, FeedFormat, FeedKind } from '@vidkeep/contracts';

/**
 * The routes of the podcast feeds (the feeds plugin), typed from the server's schemas: the only
 * place their paths are written. The channel and playlist pages and Settings use it through
 * `FeedList`.
 */
@Injectable({ providedIn: 'root' })
export class FeedsApi {
  private readonly api = inject(Api);

  /** All feeds, or those of one channel or playlist. */
  list(query: FeedQuery = {}) {
    return this.api.call('GET /api/feeds', { query });
  }

  /** The feed of a channel or playlist in a format: made on first ask, the same one after. */
  create(body: NewFeed) {
    return this.api.call('POST /api/feeds', { body });
  }

  /** Revokes one feed: its address answers 404 from then on. */
  revoke(id: number) {
    return this.api.call('DELETE /api/feeds/:id', { params: { id } });
  }

  /** Revokes every feed. */
  revokeAll() {
    return this.api.call('DELETE /api/feeds');
  }

  /** Every feed as an OPML file, the text to save. */
  opml() {
    return this.api.text('GET /api/feeds/opml');
  }
}

/** What a list of feeds is about: one channel's or playlist's, or every feed (Settings). */
export interface FeedSubject {
  kind: FeedKind;
  subjectId: string;
}
