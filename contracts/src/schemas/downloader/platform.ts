/** The polite side of downloading: the platform budget and the cool-down after the platform pushed back. */
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable } from '../common.js';

/** What made vidkeep cool down: an HTTP 429, the platform's bot check, or a burst of HTTP 403s. */
export const PLATFORM_COOLDOWN_CAUSES = ['http_429', 'bot_check', 'http_403_burst'] as const;
export const PlatformCooldownCause = Type.Enum(PLATFORM_COOLDOWN_CAUSES);
export type PlatformCooldownCause = Static<typeof PlatformCooldownCause>;

/** A cool-down in force: nothing goes to the platform until `until` (one manual request may). */
export const PlatformCooldown = Type.Object({
  since: DateTime,
  until: DateTime,
  cause: PlatformCooldownCause,
  level: Type.Integer({
    minimum: 1,
    description: 'How many cool-downs in a row (each lasts twice the one before, up to the cap)',
  }),
  reason: Type.String({ description: 'Why, in words: "the platform asked us to slow down (429)"' }),
  overrideAvailable: Type.Boolean({
    description: 'A person may still send one request to the platform during this cool-down',
  }),
});
export type PlatformCooldown = Static<typeof PlatformCooldown>;

/** The sleeps yt-dlp is given, derived from the request budget (null: no budget, `sleepRequests` only). */
export const PlatformSleeps = Type.Object({
  requestSeconds: Type.Number({ description: '`--sleep-requests` between metadata requests' }),
  minSeconds: Type.Number({ description: '`--sleep-interval` before each video' }),
  maxSeconds: Type.Number({ description: '`--max-sleep-interval`: the sleep is random between the two' }),
});
export type PlatformSleeps = Static<typeof PlatformSleeps>;

/** The budget of requests and bytes, and how much of it the last hour and day used. */
export const PlatformBudget = Type.Object({
  requestsPerHour: Type.Integer({ description: '`platformRequestsPerHour` (0: no cap)' }),
  requestsLastHour: Type.Integer({ description: 'Requests counted in the last hour (listings, metadata, downloads)' }),
  bytesPerDay: Type.Integer({ description: '`platformGigabytesPerDay` in bytes (0: no cap)' }),
  bytesLastDay: Type.Integer({ description: 'Bytes downloaded in the last 24 hours' }),
  waitingUntil: Nullable(DateTime, {
    description: 'The budget is spent: automatic work waits until then',
  }),
  sleeps: Nullable(PlatformSleeps),
});
export type PlatformBudget = Static<typeof PlatformBudget>;

/** `GET /api/queue`'s `platform` and the `platformUpdated` WebSocket message. */
export const PlatformState = Type.Object({
  cooldown: Nullable(PlatformCooldown),
  budget: PlatformBudget,
});
export type PlatformState = Static<typeof PlatformState>;
