import type {
  DownloaderConfigSection,
  EventBus,
  FailureKind,
  JobLane,
  LiveHub,
  PlatformCooldownCause,
  PlatformState,
  PluginLogger,
} from '@vidkeep/contracts';
import { listingRequests, REQUESTS_PER_VIDEO, SlidingCount, sleepsOf } from './budget.js';
import { COOLDOWN_REASONS, nextCooldown, parseCooldown, type CooldownRecord } from './cooldown.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** This many HTTP 403s from the platform within `BURST_WINDOW_MINUTES` are a block, not bad luck. */
export const BURST_403_COUNT = 3;
const BURST_WINDOW_MINUTES = 10;
/** Automatic downloads use at most this share of the request budget; the rest is kept for listings. */
export const DOWNLOAD_SHARE = 0.9;
/** Refusals within this long after a cool-down began answer requests made before it. */
const SETTLING_MS = 60_000;

export interface PlatformGateDeps {
  config: () => DownloaderConfigSection;
  /** Persists the managed `platformCooldown` setting. */
  saveCooldown: (text: string) => Promise<void>;
  events: Pick<EventBus, 'publish'>;
  hub: LiveHub | undefined;
  logger: PluginLogger;
  /**
   * How long an hour is, as a share of a real one (`VIDKEEP_PLATFORM_TIME_SCALE`, default 1): the
   * tests run a day of budget and cool-downs in seconds with it. Applies to the budget's windows,
   * the sleeps derived from them and the cool-downs.
   */
  timeScale?: number;
  now?: () => number;
}

/** Why something may not go to the platform now, and when it may. */
export type Admission = { ok: true; override: boolean } | { ok: false; until: Date; why: string };

/**
 * The one door to the platform: every listing, metadata request and download passes it. It keeps
 * the request and byte budgets (sliding hour and day), and cools everything down when the
 * platform pushes back, instead of each job retrying on its own: an HTTP 429, the bot check, or
 * three 403s within ten minutes start a cool-down (15 min, then 30, 60, ... up to 16 times the
 * first), which a quiet success after it clears. During a cool-down one request a person makes
 * may still go through. The cool-down is kept in a managed setting, so a restart keeps it.
 */
export class PlatformGate {
  private readonly requests: SlidingCount;
  private readonly bytes: SlidingCount;
  private readonly forbidden: SlidingCount;
  private record: CooldownRecord | null;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private readonly listeners = new Set<(change: 'cooling' | 'open') => void>();
  private readonly scale: number;
  private readonly now: () => number;

  constructor(private readonly deps: PlatformGateDeps) {
    this.scale = deps.timeScale && deps.timeScale > 0 ? deps.timeScale : 1;
    this.now = deps.now ?? Date.now;
    this.requests = new SlidingCount(HOUR_MS * this.scale);
    this.bytes = new SlidingCount(24 * HOUR_MS * this.scale);
    this.forbidden = new SlidingCount(BURST_WINDOW_MINUTES * MINUTE_MS * this.scale);
    this.record = parseCooldown(deps.config().platformCooldown);
    this.armTimer();
  }

  /** Called with `cooling` when a cool-down begins and `open` when it or a spent budget ends. */
  onChange(fn: (change: 'cooling' | 'open') => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The sleeps yt-dlp gets for the request budget (null: none beyond `sleepRequests`). */
  sleeps() {
    return sleepsOf(this.deps.config(), HOUR_MS * this.scale);
  }

  /**
   * Whether work of this lane may go to the platform now. Automatic work waits out a cool-down and
   * a spent budget; a person's request passes the budget (it is counted) and, once per
   * cool-down, the cool-down itself: a download asked for after the cool-down began (`askedAt`),
   * so a job that was sent back by it does not take the one request a person may still make.
   * A `lookup` (a listing, a preview, a search) never takes it; it needs room for its own
   * requests in the whole budget, while automatic downloads need room for a video within
   * `DOWNLOAD_SHARE` of it, so sweeps still find new videos while a backlog downloads.
   */
  admit(lane: JobLane, options: { askedAt?: Date; lookup?: boolean } = {}): Admission {
    const now = this.now();
    const cooling = this.cooling(now);
    if (cooling) {
      const fresh = (options.askedAt?.getTime() ?? now) >= Date.parse(cooling.since);
      if (lane === 'manual' && !options.lookup && fresh && !cooling.overrideUsed) {
        this.record = { ...cooling, overrideUsed: true };
        void this.persist();
        this.broadcast();
        this.deps.logger.info(
          { until: cooling.until },
          'A request made by a person goes to the platform during its cool-down',
        );
        return { ok: true, override: true };
      }
      return { ok: false, until: new Date(cooling.until), why: this.cooldownText(cooling) };
    }
    if (lane === 'manual') return { ok: true, override: false };
    const until = options.lookup ? this.budgetRoomAt(now, listingRequests(0), 1) : this.downloadRoomAt(now);
    if (until > now) {
      this.armTimer(until);
      return { ok: false, until: new Date(until), why: 'the platform budget for now is spent' };
    }
    return { ok: true, override: false };
  }

  /** Counts requests (and downloaded bytes) that went to the platform. */
  spend(requests: number, bytes = 0): void {
    const now = this.now();
    this.requests.add(requests, now);
    this.bytes.add(bytes, now);
  }

  /** True when automatic work should stop where it is: a cool-down, or the budget is spent. */
  mustYield(): boolean {
    const now = this.now();
    return this.cooling(now) !== null || this.downloadRoomAt(now) > now;
  }

  /**
   * A request failed: a 429 or a bot check starts a cool-down, and so does the third 403 within
   * ten minutes. Returns true when it did (or one is in force already).
   */
  failed(kind: FailureKind): boolean {
    const now = this.now();
    const cooling = this.cooling(now);
    if (cooling && (kind === 'http_429' || kind === 'bot_check')) {
      // Refusals of requests made before the cool-down began are part of it; a later one (a
      // person's request let through) means the platform is still unhappy: the next level.
      if (now - Date.parse(cooling.since) > SETTLING_MS * this.scale) this.coolDown(kind, now);
      return true;
    }
    if (cooling) return false;
    let cause: PlatformCooldownCause | null = null;
    if (kind === 'http_429' || kind === 'bot_check') cause = kind;
    else if (kind === 'http_403') {
      this.forbidden.add(1, now);
      if (this.forbidden.total(now) >= BURST_403_COUNT) cause = 'http_403_burst';
    }
    if (!cause || this.deps.config().platformCooldownMinutes <= 0) return false;
    this.coolDown(cause, now);
    return true;
  }

  /** A request went through: after a cool-down has ended, this quiet success clears its level. */
  succeeded(): void {
    if (!this.record || Date.parse(this.record.until) > this.now()) return;
    this.record = null;
    void this.persist();
    this.broadcast();
  }

  /** The cool-down in force, or null. */
  cooling(now = this.now()): CooldownRecord | null {
    return this.record && Date.parse(this.record.until) > now ? this.record : null;
  }

  state(): PlatformState {
    const now = this.now();
    const config = this.deps.config();
    const cooling = this.cooling(now);
    const roomAt = this.downloadRoomAt(now);
    return {
      cooldown: cooling
        ? {
            since: cooling.since,
            until: cooling.until,
            cause: cooling.cause,
            level: cooling.level,
            reason: COOLDOWN_REASONS[cooling.cause],
            overrideAvailable: !cooling.overrideUsed,
          }
        : null,
      budget: {
        requestsPerHour: config.platformRequestsPerHour,
        requestsLastHour: this.requests.total(now),
        bytesPerDay: Math.round(config.platformGigabytesPerDay * 1024 ** 3),
        bytesLastDay: this.bytes.total(now),
        waitingUntil: roomAt > now ? new Date(roomAt).toISOString() : null,
        sleeps: this.sleeps(),
      },
    };
  }

  /** When automatic work may download the next video: its requests fit in its share of the hour. */
  private downloadRoomAt(now: number): number {
    return this.budgetRoomAt(now, REQUESTS_PER_VIDEO, DOWNLOAD_SHARE);
  }

  /** When `need` more requests fit in `share` of the hour's cap (and the day has bytes left). */
  private budgetRoomAt(now: number, need = 1, share = 1): number {
    const config = this.deps.config();
    let at = now;
    if (config.platformRequestsPerHour > 0) {
      // Under the cap after the spending: the count must drop below `cap - need + 1`.
      const limit = Math.max(1, Math.floor(config.platformRequestsPerHour * share) - need + 1);
      at = Math.max(at, this.requests.roomAt(limit, now));
    }
    const bytesCap = config.platformGigabytesPerDay * 1024 ** 3;
    if (bytesCap > 0) at = Math.max(at, this.bytes.roomAt(bytesCap, now));
    return at;
  }

  private coolDown(cause: PlatformCooldownCause, now: number): void {
    const firstMs = this.deps.config().platformCooldownMinutes * MINUTE_MS * this.scale;
    this.record = nextCooldown(this.record, cause, now, firstMs);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const minutes = Math.round((Date.parse(this.record.until) - now) / MINUTE_MS / this.scale);
    const reason = COOLDOWN_REASONS[cause];
    this.deps.logger.warn({ cause, until: this.record.until, level: this.record.level }, `Cooling down: ${reason}`);
    void this.persist();
    this.armTimer();
    this.deps.events.publish('downloader.platform.coolingDown', {
      cause,
      level: this.record.level,
      since: this.record.since,
      until: this.record.until,
      minutes,
      reason,
    });
    this.broadcast();
    for (const fn of this.listeners) fn('cooling');
  }

  private cooldownText(c: CooldownRecord): string {
    return `cooling down until ${c.until}: ${COOLDOWN_REASONS[c.cause]}`;
  }

  /** Wakes the listeners when the cool-down (or, with `at`, a spent budget) ends. */
  private armTimer(at?: number): void {
    const end = at ?? (this.record ? Date.parse(this.record.until) : 0);
    const wait = end - this.now();
    // An earlier wake-up stays: whoever it wakes asks again and sets the next one.
    if (wait <= 0 || (this.timer && this.timerAt <= end)) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = end;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.broadcast();
      for (const fn of this.listeners) fn('open');
    }, wait + 5).unref();
  }

  private broadcast(): void {
    this.deps.hub?.broadcast({ type: 'platformUpdated', platform: this.state() });
  }

  private async persist(): Promise<void> {
    try {
      await this.deps.saveCooldown(this.record ? JSON.stringify(this.record) : '');
    } catch (err) {
      this.deps.logger.warn({ err }, 'Could not keep the platform cool-down in the settings');
    }
  }
}
