import { randomBytes, timingSafeEqual } from 'node:crypto';
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

/** 32 random bytes, base64url: 43 characters nobody guesses. */
export const newFeedToken = () => randomBytes(32).toString('base64url');

/** A fetch is recorded at most once a minute per feed (podcast apps poll; the table is not a log). */
const FETCH_RECORD_MS = 60_000;

/** The feeds and their tokens, in the plugin's own table. */
export class FeedStore {
  constructor(private readonly sql: Sql) {}

  async all(filter: { kind?: FeedKind; subjectId?: string } = {}): Promise<FeedRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    for (const [column, value] of [
      ['kind', filter.kind],
      ['subject_id', filter.subjectId],
    ] as const) {
      if (!value) continue;
      where.push(`${column} = ?`);
      params.push(value);
    }
    const rows = await this.sql.all<Raw>(
      `SELECT * FROM feeds${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY id`,
      params,
    );
    return rows.map(rowOf);
  }

  async count(): Promise<number> {
    const r = await this.sql.one<Raw>('SELECT COUNT(*) AS n FROM feeds');
    return Number(r?.n ?? 0);
  }

  async get(id: number): Promise<FeedRow | null> {
    const r = await this.sql.one<Raw>('SELECT * FROM feeds WHERE id = ?', [id]);
    return r ? rowOf(r) : null;
  }

  /**
   * The feed of this token. Looked up by the token's index, then compared in constant time, so the
   * answer's timing tells nothing about how much of a guessed token was right.
   */
  async byToken(token: string): Promise<FeedRow | null> {
    const r = await this.sql.one<Raw>('SELECT * FROM feeds WHERE token = ?', [token]);
    if (!r) return null;
    const row = rowOf(r);
    const a = Buffer.from(row.token);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b) ? row : null;
  }

  /** The feed of a channel or playlist in a format: the existing one, or a new one with a new token. */
  async ensure(kind: FeedKind, subjectId: string, format: FeedFormat): Promise<{ row: FeedRow; created: boolean }> {
    const find = () =>
      this.sql.one<Raw>('SELECT * FROM feeds WHERE kind = ? AND subject_id = ? AND format = ?', [
        kind,
        subjectId,
        format,
      ]);
    const existing = await find();
    if (existing) return { row: rowOf(existing), created: false };
    await this.sql.run(
      'INSERT INTO feeds (kind, subject_id, format, token, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      [kind, subjectId, format, newFeedToken(), Date.now()],
    );
    return { row: rowOf((await find())!), created: true };
  }

  /** Ends a feed: its address answers 404 from now on. */
  async revoke(id: number): Promise<boolean> {
    const before = await this.get(id);
    if (!before) return false;
    await this.sql.run('DELETE FROM feeds WHERE id = ?', [id]);
    return true;
  }

  /** Ends every feed (optionally those of one channel or playlist); how many were ended. */
  async revokeAll(filter: { kind?: FeedKind; subjectId?: string } = {}): Promise<number> {
    const rows = await this.all(filter);
    for (const r of rows) await this.sql.run('DELETE FROM feeds WHERE id = ?', [r.id]);
    return rows.length;
  }

  /** Notes that a podcast app fetched the feed (at most once a minute). */
  async fetched(row: FeedRow, now = Date.now()): Promise<void> {
    if (row.lastFetchedAt !== null && now - row.lastFetchedAt < FETCH_RECORD_MS) return;
    await this.sql.run('UPDATE feeds SET last_fetched_at = ? WHERE id = ?', [now, row.id]);
  }
}
