import { randomBytes } from 'node:crypto';
import {
  AuthErrorCodes,
  AuthEvents,
  CoreErrorCodes,
  InvalidInputError,
  MAX_ACTIVE_API_KEYS,
  NotFoundError,
  stripControlChars,
  type EventBus,
  type PluginLogger,
} from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/plugin-kit';
import { AuthApiKeyEntity, type AuthApiKey } from '../entities.js';
import { sha256 } from './hashing.js';

/** Visible start of every key, so leaked keys are easy to recognise and scan for. */
export const API_KEY_MARK = 'vk_';
const PREFIX_LENGTH = API_KEY_MARK.length + 8;
/** `last_used_at` is written at most this often per key. */
const LAST_USED_WRITE_INTERVAL_MS = 1_000;

/**
 * API keys (spec 2.1): the full key is returned once at creation, only its SHA-256 is stored.
 * At most 20 active keys exist, so all of them are kept in memory by hash: checking a key costs
 * one hash and one map lookup, no database read.
 */
export class ApiKeyStore {
  private readonly byHash = new Map<string, AuthApiKey>();
  private createChain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly orm: Orm,
    private readonly events: EventBus,
    private readonly logger: PluginLogger,
  ) {}

  async load(): Promise<void> {
    const keys = await this.orm.em.fork().find(AuthApiKeyEntity, { isActive: true });
    this.byHash.clear();
    for (const key of keys) this.byHash.set(key.keyHash, { ...key });
  }

  list(): AuthApiKey[] {
    return [...this.byHash.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  }

  /**
   * Creates a key named `rawName` (control characters dropped, trimmed); creations are serialized
   * so the limit of 20 holds under concurrency.
   */
  create(rawName: string): Promise<{ key: string; record: AuthApiKey }> {
    const name = stripControlChars(rawName).trim();
    if (name.length === 0) {
      return Promise.reject(
        new InvalidInputError(CoreErrorCodes.validationFailed, 'Name is required (1-100 characters)'),
      );
    }
    const run = async () => {
      if (this.byHash.size >= MAX_ACTIVE_API_KEYS) {
        throw new InvalidInputError(
          AuthErrorCodes.apiKeyLimit,
          `Maximum number of API keys reached (${MAX_ACTIVE_API_KEYS}); delete one before creating another`,
        );
      }
      const key = `${API_KEY_MARK}${randomBytes(32).toString('hex')}`;
      const em = this.orm.em.fork();
      const record = em.create(AuthApiKeyEntity, {
        name,
        keyPrefix: key.slice(0, PREFIX_LENGTH),
        keyHash: sha256(key),
        createdAt: new Date(),
        lastUsedAt: null,
        isActive: true,
      });
      await em.flush();
      const copy = { ...record };
      this.byHash.set(copy.keyHash, copy);
      this.events.publish(AuthEvents.apiKeyCreated, { keyId: copy.id, name: copy.name });
      return { key, record: copy };
    };
    const result = this.createChain.then(run, run);
    this.createChain = result.catch(() => undefined);
    return result;
  }

  /** Deletes a key permanently; a NotFoundError when it does not exist. */
  async delete(id: number): Promise<void> {
    const deleted = await this.orm.em.fork().nativeDelete(AuthApiKeyEntity, { id });
    for (const [hash, key] of this.byHash) if (key.id === id) this.byHash.delete(hash);
    if (deleted === 0) throw new NotFoundError(AuthErrorCodes.apiKeyNotFound, 'API key not found');
    this.events.publish(AuthEvents.apiKeyDeleted, { keyId: id });
  }

  /** The active key matching a presented key, or null. Records its use. */
  validate(presented: string): AuthApiKey | null {
    if (!presented.startsWith(API_KEY_MARK) || presented.length > 200) return null;
    const key = this.byHash.get(sha256(presented));
    if (!key) return null;
    const now = Date.now();
    if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= LAST_USED_WRITE_INTERVAL_MS) {
      key.lastUsedAt = new Date(now);
      this.orm.em
        .fork()
        .nativeUpdate(AuthApiKeyEntity, { id: key.id }, { lastUsedAt: key.lastUsedAt })
        .catch((err: unknown) => this.logger.warn({ err }, 'Could not record API key use'));
    }
    return key;
  }
}
