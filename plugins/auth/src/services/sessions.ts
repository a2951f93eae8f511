import { randomBytes } from 'node:crypto';
import { AuthEvents, SESSION_LIFETIME_MS, type EventBus, type PluginLogger } from '@vidkeep/contracts';
import type { EntityWhere, Orm } from '@vidkeep/plugin-kit';
import { AuthSessionEntity, type AuthSession } from '../entities.js';
import { sha256 } from './hashing.js';

/** `last_used_at` is written at most this often per session (avoids a write per request). */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;
const CACHE_LIMIT = 5_000;

type SessionRecord = Omit<AuthSession, never>;

/** A session just created: its token is shown once and only its hash is kept. */
export interface NewSession {
  token: string;
  session: SessionRecord;
}

/**
 * Server-side sessions (spec 5, rule 2): several per user, 7 days from login (not sliding),
 * stored as the SHA-256 of the token. Validated sessions are cached in memory; every way a
 * session ends (logout, delete, expiry cleanup) drops it from the cache at once.
 */
export class SessionStore {
  private readonly cache = new Map<string, SessionRecord>();

  constructor(
    private readonly orm: Orm,
    private readonly events: EventBus,
    private readonly logger: PluginLogger,
    private readonly now: () => number = Date.now,
  ) {}

  async create(input: { username: string; userAgent?: string; ipAddress: string }): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date(this.now());
    const em = this.orm.em.fork();
    const session = em.create(AuthSessionEntity, {
      tokenHash: sha256(token),
      username: input.username,
      userAgent: (input.userAgent ?? '').slice(0, 512),
      ipAddress: input.ipAddress.slice(0, 64),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    });
    await em.flush();
    const record = { ...session };
    this.remember(record);
    this.events.publish(AuthEvents.sessionCreated, {
      sessionId: record.id,
      username: record.username,
      ipAddress: record.ipAddress,
    });
    return { token, session: record };
  }

  /** The live session for a token, or null when unknown or expired. */
  async validate(token: string): Promise<SessionRecord | null> {
    const hash = sha256(token);
    let session = this.cache.get(hash);
    if (!session) {
      const found = await this.orm.em.fork().findOne(AuthSessionEntity, { tokenHash: hash });
      if (!found) return null;
      session = { ...found } as SessionRecord;
      this.remember(session);
    }
    const now = this.now();
    if (session.expiresAt.getTime() <= now) {
      this.cache.delete(hash);
      return null;
    }
    if (now - session.lastUsedAt.getTime() >= LAST_USED_WRITE_INTERVAL_MS) {
      session.lastUsedAt = new Date(now);
      this.orm.em
        .fork()
        .nativeUpdate(AuthSessionEntity, { id: session.id }, { lastUsedAt: session.lastUsedAt })
        .catch((err: unknown) => this.logger.warn({ err }, 'Could not record session use'));
    }
    return session;
  }

  /** Unexpired sessions of a user, most recently used first. */
  async list(username: string): Promise<SessionRecord[]> {
    const rows = await this.orm.em
      .fork()
      .find(AuthSessionEntity, { username, expiresAt: { $gt: new Date(this.now()) } });
    return rows
      .map((row) => ({ ...row, lastUsedAt: this.cache.get(row.tokenHash)?.lastUsedAt ?? row.lastUsedAt }))
      .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime() || b.id - a.id);
  }

  /** Ends one of the user's sessions. False when no such session belongs to the user. */
  async delete(id: number, username: string, reason: 'logout' | 'deleted' = 'deleted'): Promise<boolean> {
    const em = this.orm.em.fork();
    const row = await em.findOne(AuthSessionEntity, { id, username });
    if (!row) return false;
    await em.nativeDelete(AuthSessionEntity, { id });
    this.cache.delete(row.tokenHash);
    this.events.publish(AuthEvents.sessionRevoked, { sessionIds: [id], reason });
    return true;
  }

  /** Ends every session of any other user (the account was renamed). Returns how many. */
  revokeAllExcept(username: string): Promise<number> {
    return this.removeWhere({ username: { $ne: username } }, 'deleted');
  }

  /** Removes expired sessions (run at start and daily at 03:00). Returns how many. */
  cleanupExpired(): Promise<number> {
    return this.removeWhere({ expiresAt: { $lte: new Date(this.now()) } }, 'expired');
  }

  private async removeWhere(where: EntityWhere<AuthSession>, reason: 'deleted' | 'expired'): Promise<number> {
    const em = this.orm.em.fork();
    const rows = await em.find(AuthSessionEntity, where, { fields: ['id', 'tokenHash'] });
    if (rows.length === 0) return 0;
    await em.nativeDelete(AuthSessionEntity, { id: { $in: rows.map((s) => s.id) } });
    for (const s of rows) this.cache.delete(s.tokenHash);
    this.events.publish(AuthEvents.sessionRevoked, { sessionIds: rows.map((s) => s.id), reason });
    return rows.length;
  }

  private remember(session: SessionRecord): void {
    this.cache.set(session.tokenHash, session);
    if (this.cache.size > CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}
