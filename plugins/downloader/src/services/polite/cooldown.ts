import type { PlatformCooldownCause } from '@vidkeep/contracts';

/** The cool-down in force or last ended, as kept in the managed `platformCooldown` setting. */
export interface CooldownRecord {
  since: string;
  until: string;
  cause: PlatformCooldownCause;
  level: number;
  /** A person's request already went through during this cool-down. */
  overrideUsed: boolean;
}

/** A cool-down lasts at most this many times the first one (15 min -> 30 -> 60 -> 120 -> 240). */
export const COOLDOWN_CAP_FACTOR = 16;

export const COOLDOWN_REASONS: Record<PlatformCooldownCause, string> = {
  http_429: 'the platform asked us to slow down (429)',
  bot_check: 'the platform asked to confirm we are not a bot',
  http_403_burst: 'the platform refused several requests in a row (403)',
};

/**
 * The next cool-down: one level above the last when that one has not been cleared by a quiet
 * success since (each level lasts twice the one before, capped), else the first.
 */
export function nextCooldown(
  last: CooldownRecord | null,
  cause: PlatformCooldownCause,
  now: number,
  firstMs: number,
): CooldownRecord {
  const level = (last?.level ?? 0) + 1;
  const ms = Math.min(firstMs * 2 ** (level - 1), firstMs * COOLDOWN_CAP_FACTOR);
  return {
    since: new Date(now).toISOString(),
    until: new Date(now + ms).toISOString(),
    cause,
    level,
    overrideUsed: false,
  };
}

/** Reads the managed setting; anything unreadable is no cool-down. */
export function parseCooldown(text: string): CooldownRecord | null {
  if (!text) return null;
  try {
    const r = JSON.parse(text) as Partial<CooldownRecord>;
    if (typeof r.until !== 'string' || typeof r.since !== 'string' || typeof r.level !== 'number') return null;
    if (!r.cause || !(r.cause in COOLDOWN_REASONS) || Number.isNaN(Date.parse(r.until))) return null;
    return { since: r.since, until: r.until, cause: r.cause, level: r.level, overrideUsed: r.overrideUsed === true };
  } catch {
    return null;
  }
}
