import { randomBytes } from 'node:crypto';
import type { FeedFormat, FeedKind } from '@vidkeep/contracts/feeds';
import type { Sql } from '@vidkeep/plugin-kit';

/** A feed as stored, with its token. */
export interface FeedRow {
  id: number;
  kind: FeedKind;
  subjectId: string;
  format: FeedFormat;
  token: string;
  createdAt: number;
  lastFetchedAt: number | null;
}

type Raw = Record<string, unknown>;

const rowOf = (r: Raw): FeedRow => ({
  id: Number(r.id),
  kind: String(r.kind) as FeedKind,
  subjectId: String(r.subject_id),
  format: String(r.format) as FeedFormat,
  token: String(r.token),
  createdAt: Number(r.created_at),
  lastFetchedAt: r.last_fetched_at === null || r.last_fetched_at === undefined ? null : Number(r.last_fetched_at),
});

/** Which feeds: all, or those of a kind and/or one channel or playlist. */
export interface FeedFilter {
  kind?: FeedKind;
  subjectId?: string;
}

function whereOf(filter: FeedFilter): { where: string; params: unknown[] } {
  const set = (
    [
      ['kind', filter.kind],
      ['subject_id', filter.subjectId],
    ] as const
  ).filter(([, value]) => value);
  return {
    where: set.length ? ` WHERE ${set.map(([column]) => `${column} = ?`).join(' AND ')}` : '',
    params: set.map(([, value]) => value),
  };
}

/** 32 random bytes, base64url: 43 characters nobody guesses. */
export const newFeedToken = () => randomBytes(32).toString('base64url');

/** A fetch is recorded at most once a minute per feed (podcast apps poll; the table is not a log). */
const FETCH_RECORD_MS = 60_000;

/** The feeds and their tokens, in the plugin's own table. */
export class FeedStore {
  constructor(private readonly sql: Sql) {}

  async all(filter: FeedFilter = {}): Promise<FeedRow[]> {
    const { where, params } = whereOf(filter);
    return (await this.sql.all<Raw>(`SELECT * FROM feeds${where} ORDER BY id`, params)).map(rowOf);
  }

  async count(): Promise<number> {
    const r = await this.sql.one<Raw>('SELECT COUNT(*) AS n FROM feeds');
    return Number(r?.n ?? 0);
  }

  async get(id: number): Promise<FeedRow | null> {
    const r = await this.sql.one<Raw>('SELECT * FROM feeds WHERE id = ?', [id]);
    return r ? rowOf(r) : null;
  }

  /** The feed of this token (256 random bits: guessing one is hopeless, however it is compared). */
  async byToken(token: string): Promise<FeedRow | null> {
    const r = await this.sql.one<Raw>('SELECT * FROM feeds WHERE token = ?', [token]);
    return r ? rowOf(r) : null;
  }

  /**
   * The feed of a channel or playlist in a format, made with a new token unless it exists (two
   * requests at once: the second insert does nothing and both read the one row).
   */
  async ensure(kind: FeedKind, subjectId: string, format: FeedFormat): Promise<FeedRow> {
    const key = [kind, subjectId, format];
    await this.sql.run(
      'INSERT INTO feeds (kind, subject_id, format, token, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      [...key, newFeedToken(), Date.now()],
    );
    return rowOf(
      (await this.sql.one<Raw>('SELECT * FROM feeds WHERE kind = ? AND subject_id = ? AND format = ?', key))!,
    );
  }

  /** Ends a feed: its address answers 404 from now on. */
  async revoke(id: number): Promise<boolean> {
    const before = await this.get(id);
    if (!before) return false;
    await this.sql.run('DELETE FROM feeds WHERE id = ?', [id]);
    return true;
  }

  /** Ends every feed (optionally those of one channel or playlist); how many were ended. */
  async revokeAll(filter: FeedFilter = {}): Promise<number> {
    const { where, params } = whereOf(filter);
    const r = await this.sql.one<Raw>(`SELECT COUNT(*) AS n FROM feeds${where}`, params);
    await this.sql.run(`DELETE FROM feeds${where}`, params);
    return Number(r?.n ?? 0);
  }

  /** Notes that a podcast app fetched the feed (at most once a minute). */
  async fetched(row: FeedRow, now = Date.now()): Promise<void> {
    if (row.lastFetchedAt !== null && now - row.lastFetchedAt < FETCH_RECORD_MS) return;
    await this.sql.run('UPDATE feeds SET last_fetched_at = ? WHERE id = ?', [now, row.id]);
  }
}
