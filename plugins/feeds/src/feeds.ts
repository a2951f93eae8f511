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

/** Feeds as their owner sees them and as podcast apps fetch them. */
export class FeedService {
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

  /** What the feed of a row holds now (empty when its channel or playlist is no longer followed). */
  async content(row: FeedRow): Promise<FeedContent | null> {
    const subject = await this.subject(row.kind, row.subjectId);
    return subject ? this.deps.episodes.content(subject, row.format) : null;
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
    const lastModified = new Date(Math.max(content.lastModified, row.createdAt));
    const xml = renderRss(content, {
      feedBase: feedBaseOf(this.deps.publicUrl(), origin, row.token),
      format: row.format,
      now: lastModified,
      hasArtwork: !!(await this.artworkFile(content)),
    });
    return { xml, etag: `"${createHash('sha1').update(xml).digest('base64url')}"`, lastModified };
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
