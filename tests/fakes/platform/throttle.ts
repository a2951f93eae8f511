/**
 * The platform pushing back, as a whole (not one video): a rate limit that answers HTTP 429 to
 * every request above N per window, and a bot check that refuses every page for a while. Data API
 * requests (`/youtube/v3`) have their own quota and are never throttled here.
 */
import type { Answer } from './http.js';
import { platformError, REASONS, TOO_MANY_REQUESTS } from './routes/shapes.js';

export interface FakeRateLimit {
  /** Requests answered per window; the next ones get 429 until the oldest leave the window. */
  requests: number;
  windowMs: number;
}

/** Pages that answer the bot check (what yt-dlp's extractor reads, not media or images). */
const PAGES = /^\/api\/(?:watch|channel|playlist|search|feed)\b/;

export class PlatformThrottle {
  private limit: FakeRateLimit | null = null;
  private readonly answered: number[] = [];
  private botCheckUntil = 0;
  /** 429s sent so far. */
  tooManyRequests = 0;
  /** Bot checks sent so far by `botCheckFor`. */
  botChecks = 0;

  setRateLimit(limit: FakeRateLimit | null): void {
    this.limit = limit;
    this.answered.length = 0;
  }

  botCheckFor(ms: number): void {
    this.botCheckUntil = Date.now() + ms;
  }

  /** The answer that replaces the route's, or null to let the request through. */
  check(path: string, now = Date.now()): Answer | null {
    if (path.startsWith('/youtube/v3')) return null;
    if (now < this.botCheckUntil && PAGES.test(path)) {
      this.botChecks += 1;
      return platformError(REASONS['bot-check'], { kind: 'bot-check' });
    }
    if (!this.limit) return null;
    while (this.answered.length > 0 && this.answered[0]! <= now - this.limit.windowMs) this.answered.shift();
    if (this.answered.length >= this.limit.requests) {
      this.tooManyRequests += 1;
      return TOO_MANY_REQUESTS;
    }
    this.answered.push(now);
    return null;
  }
}
