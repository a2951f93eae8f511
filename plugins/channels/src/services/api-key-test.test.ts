import { describe, expect, it } from 'vitest';
import { apiKeyProblem } from './api-key-test.js';
import { DataApiError } from './data-api.js';

const now = new Date('2026-03-01T20:00:00Z');
const resets = new Date('2026-03-02T08:00:00Z');
const problem = (err: unknown) => apiKeyProblem(err, resets, now);

describe('apiKeyProblem', () => {
  it.each([
    [
      new DataApiError('keyInvalid', 400, 'API key not valid. Please pass a valid API key.'),
      'KEY_INVALID',
      /does not know this key/,
    ],
    [new DataApiError('badRequest', 400, 'API key not valid. Please pass a valid API key.'), 'KEY_INVALID', /AIza/],
    [
      new DataApiError('quotaExceeded', 403, 'The request cannot be completed because you have exceeded your quota.'),
      'QUOTA_EXCEEDED',
      /in about 12 hours/,
    ],
    [
      new DataApiError(
        'accessNotConfigured',
        403,
        'YouTube Data API v3 has not been used in project 1 before or it is disabled.',
      ),
      'API_NOT_ENABLED',
      /not enabled/,
    ],
    [
      new DataApiError('ipRefererBlocked', 403, 'The request did not specify any referer.'),
      'KEY_RESTRICTED',
      /restrictions/,
    ],
    [new DataApiError('forbidden', 403, 'Requests from this IP are blocked.'), 'KEY_RESTRICTED', /restrictions/],
    [new DataApiError('rateLimitExceeded', 403, 'Rate Limit Exceeded'), 'RATE_LIMITED', /Wait a minute/],
    [new DataApiError('http_429', 429, 'HTTP 429'), 'RATE_LIMITED', /Wait a minute/],
    [new DataApiError('backendError', 500, 'Backend Error'), 'SERVER_ERROR', /HTTP 500: Backend Error/],
    [new DataApiError('somethingNew', 403, 'Odd'), 'UNKNOWN', /HTTP 403, somethingNew/],
    [new TypeError('fetch failed'), 'NETWORK_ERROR', /could not be reached \(fetch failed\)/],
    [
      Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }),
      'NETWORK_ERROR',
      /within 15 seconds/,
    ],
  ])('%s → %s', (err, code, reason) => {
    const p = problem(err);
    expect(p.code).toBe(code);
    expect(p.reason).toMatch(reason);
  });
});
