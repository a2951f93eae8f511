import {
  ChannelErrorCodes as E,
  InvalidInputError,
  type ApiKeyProblem,
  type TestSourceApiKeyResponse,
} from '@vidkeep/contracts';
import { DataApiError, nextPacificMidnight, type DataApiClient } from './data-api.js';

/** The platform's default daily quota per project (docs/cookies-and-import.md, "Data API key test"). */
export const DAILY_QUOTA_UNITS = 10_000;

/** Why the API refused, in the reference's codes and in plain words with what to do. */
export function apiKeyProblem(err: unknown, resetsAt: Date, now: Date): { code: ApiKeyProblem; reason: string } {
  if (!(err instanceof DataApiError)) {
    const message = err instanceof Error ? err.message : String(err);
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      code: 'NETWORK_ERROR',
      reason: timeout
        ? "The platform's Data API did not answer within 15 seconds. Check this server's internet connection and try again."
        : `The platform's Data API could not be reached (${message}). Check this server's internet connection and proxy, then try again.`,
    };
  }
  const { reason, status, message } = err;
  if (reason === 'keyInvalid' || (status === 400 && /API key not valid/i.test(message))) {
    return {
      code: 'KEY_INVALID',
      reason:
        'The platform does not know this key. Copy it again from the Google Cloud console (APIs & Services → Credentials); keys usually start with "AIza".',
    };
  }
  if (reason === 'quotaExceeded') {
    const hours = Math.max(1, Math.round((resetsAt.getTime() - now.getTime()) / 3_600_000));
    return {
      code: 'QUOTA_EXCEEDED',
      reason: `The key works, but its project has used up today's quota; it resets at midnight Pacific time (in about ${hours} hour${hours === 1 ? '' : 's'}). Until then vidkeep uses yt-dlp.`,
    };
  }
  if (reason === 'accessNotConfigured' || /has not been used in project|is disabled/i.test(message)) {
    return {
      code: 'API_NOT_ENABLED',
      reason:
        'The key is valid, but "YouTube Data API v3" is not enabled for its project. Enable it in the Google Cloud console (APIs & Services → Library) and test again.',
    };
  }
  if (['ipRefererBlocked', 'ipBlocked', 'forbidden', 'accessDenied'].includes(reason) || /restrict/i.test(message)) {
    return {
      code: 'KEY_RESTRICTED',
      reason:
        "The key's restrictions do not allow this server (allowed IP addresses, websites or APIs). Loosen them in the Google Cloud console or create a key for this server.",
    };
  }
  if (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded' || status === 429) {
    return {
      code: 'RATE_LIMITED',
      reason: 'The platform is limiting requests with this key right now. Wait a minute and test again.',
    };
  }
  if (status >= 500) {
    return {
      code: 'SERVER_ERROR',
      reason: `The platform's Data API failed (HTTP ${status}: ${message}). Try again later.`,
    };
  }
  return { code: 'UNKNOWN', reason: `The platform refused the key (HTTP ${status}, ${reason}): ${message}` };
}

/**
 * Tests a Data API key before it is saved (`POST /testSourceApiKey`): one `videos.list` call,
 * then whether the key works and, if not, why in plain words. The API has no endpoint that tells
 * the quota left, so the answer gives what the test itself spent and when the quota resets.
 * The key is never saved here; the settings form saves it.
 */
export class ApiKeyTest {
  constructor(
    private readonly api: Pick<DataApiClient, 'probe' | 'coolingDownUntil'>,
    private readonly storedKey: () => string,
  ) {}

  async test(apiKey: string | undefined, now = () => new Date()): Promise<TestSourceApiKeyResponse> {
    const given = (apiKey ?? '').trim();
    const key = given || this.storedKey();
    if (!key) {
      throw new InvalidInputError(E.apiKeyMissing, 'Enter a Data API key to test (no key is saved yet)', {
        details: [{ path: 'body/apiKey', message: 'is required while no key is saved' }],
      });
    }
    const tested = given ? 'given' : 'stored';
    let problem: { code: ApiKeyProblem; reason: string } | null = null;
    try {
      await this.api.probe(key);
    } catch (err) {
      problem = apiKeyProblem(err, nextPacificMidnight(now()), now());
    }
    const cooling = this.api.coolingDownUntil();
    return {
      ok: problem === null,
      code: problem?.code ?? null,
      reason: problem?.reason ?? null,
      tested,
      // A refused key is charged nothing (no project quota to charge, or none left).
      unitsSpent: problem === null ? 1 : 0,
      dailyQuotaUnits: DAILY_QUOTA_UNITS,
      quotaResetsAt: nextPacificMidnight(now()).toISOString(),
      storedKeyCoolingDownUntil: cooling ? cooling.toISOString() : null,
    };
  }
}
