import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { Feed, FeedKind, FeedSource, FeedSubject } from '@vidkeep/contracts/feeds';
import type { ProviderSet } from '@vidkeep/plugin-kit';
import type { EpisodeLister, FeedContent } from './episodes.js';
import type { FeedRow, FeedStore } from './store.js';
import { renderRss } from './xml/rss.js';

/** A feed's document as served: the XML, its entity tag and when its content last changed. */
export interface FeedDocument {
  xml: string;
  etag: string;
  lastModified: Date;
}

/** The public address a feed's URLs start with: the setting, else the address of the request. */
export const feedBaseOf = (publicUrl: string, requestOrigin: string, token: string) =>
  `${(publicUrl || requestOrigin).replace(/\/+$/, '')}/feeds/${token}`;

/** How long a built feed is kept at most (see `FeedService.content`). */
export const BUILT_FEED_TTL_MS = 10 * 60_000;
/** Built feeds kept at once (the most recently built). */
const BUILT_FEEDS_KEPT = 50;

/** Feeds as their owner sees them and as podcast apps fetch them. */
export class FeedService {
  private generation = 0;
  private readonly built = new Map<
    number,
    { key: string; content: FeedContent; documents: Map<string, FeedDocument>; at: number }
  >();

  constructor(
    private readonly deps: {
      store: FeedStore;
      sources: ProviderSet<FeedSource>;
      episodes: EpisodeLister;
      publicUrl: () => string;
    },
  ) {}

  /** The plugin that makes feeds of this kind, when one is switched on. */
  source(kind: FeedKind): FeedSource | undefined {
    return this.deps.sources.all().find((s) => s.kind === kind);
  }

  async subject(kind: FeedKind, subjectId: string): Promise<FeedSubject | null> {
    return (await this.source(kind)?.subject(subjectId)) ?? null;
  }

  /**
   * Forgets every built feed: the library changed (a download, a removal, a move, a rescan), the
   * settings changed, or audio was made. The next poll builds again.
   */
  invalidate(): void {
    this.generation++;
  }

  /**
   * What the feed of a row holds now (null when its channel or playlist is no longer followed).
   * Podcast apps poll every feed often while nothing changes, so a built feed is kept while its
   * channel or playlist says the same (title, order, episodes), the library has not changed
   * (`invalidate`) and for at most {@link BUILT_FEED_TTL_MS} (what no event tells: a picture
   * replaced by hand). A feed still waiting for audio is never kept.
   */
  async content(row: FeedRow): Promise<FeedContent | null> {
    const subject = await this.subject(row.kind, row.subjectId);
    if (!subject) return null;
    const key = `${this.generation}|${row.format}|${createHash('sha1').update(JSON.stringify(subject)).digest('base64url')}`;
    const hit = this.built.get(row.id);
    if (hit && hit.key === key && Date.now() - hit.at < BUILT_FEED_TTL_MS) return hit.content;
    const content = await this.deps.episodes.content(subject, row.format);
    this.built.delete(row.id);
    if (content.pendingAudio === 0) {
      this.built.set(row.id, { key, content, documents: new Map(), at: Date.now() });
      if (this.built.size > BUILT_FEEDS_KEPT) this.built.delete(this.built.keys().next().value!);
    }
    return content;
  }

  /** The owner's view of a feed, with its address from `origin` (or the public address setting). */
  async view(row: FeedRow, origin: string): Promise<Feed> {
    const content = await this.content(row);
    return {
      id: row.id,
      kind: row.kind,
      subjectId: row.subjectId,
      format: row.format,
      title: content?.subject.title ?? row.subjectId,
      url: `${feedBaseOf(this.deps.publicUrl(), origin, row.token)}/feed.xml`,
      episodes: content?.episodes.length ?? 0,
      pendingAudio: content?.pendingAudio ?? 0,
      available: !!content,
      createdAt: new Date(row.createdAt).toISOString(),
      lastFetchedAt: row.lastFetchedAt === null ? null : new Date(row.lastFetchedAt).toISOString(),
    };
  }

  /** The RSS document of a feed, or null when its channel or playlist is no longer followed. */
  async document(row: FeedRow, origin: string): Promise<FeedDocument | null> {
    const content = await this.content(row);
    if (!content) return null;
    const feedBase = feedBaseOf(this.deps.publicUrl(), origin, row.token);
    const entry = this.built.get(row.id);
    const documents = entry?.content === content ? entry.documents : null;
    const kept = documents?.get(feedBase);
    if (kept) return kept;
    const lastModified = new Date(Math.max(content.lastModified, row.createdAt));
    const xml = renderRss(content, {
      feedBase,
      format: row.format,
      now: lastModified,
      hasArtwork: !!(await this.artworkFile(content)),
    });
    const doc = { xml, etag: `"${createHash('sha1').update(xml).digest('base64url')}"`, lastModified };
    // One address per feed in practice (the public address, or the one the phone uses).
    if (documents && documents.size < 4) documents.set(feedBase, doc);
    return doc;
  }

  /** The podcast's picture: the subject's own, else the first episode's thumbnail that exists. */
  async artworkFile(content: FeedContent): Promise<string | null> {
    const candidates = [content.subject.artworkFile, ...content.episodes.slice(0, 5).map((e) => e.thumbnail)];
    for (const file of candidates) if (file && (await stat(file).catch(() => null))?.isFile()) return file;
    return null;
  }

  /** Whether a video belongs to the feed's channel or playlist now (its media may be served). */
  async holds(row: FeedRow, sourceId: string): Promise<FeedSubject | null> {
    const subject = await this.subject(row.kind, row.subjectId);
    return subject && subject.sourceIds.includes(sourceId) ? subject : null;
  }
}
