import type { FailureKind, SourceFailure } from '@vidkeep/contracts';
import { statusOf } from '@vidkeep/plugin-kit';
import { describe, expect, it } from 'vitest';
import { errorStatuses } from '../routes/errors.js';
import { listingFailed, platformError, searchFailed, searchTimedOut } from './platform-errors.js';

const failure = (kind: FailureKind, over: Partial<SourceFailure> = {}): SourceFailure => ({
  diagnosis: { kind, cause: `cause of ${kind}.`, fix: 'fix it.', sourceId: null, detail: null },
  timedOut: false,
  aborted: false,
  notFound: false,
  stderr: '',
  ...over,
});

/** The status the plugin's routes answer with. */
const status = (e: Parameters<typeof statusOf>[0]) => statusOf(e, errorStatuses);

describe('platform failures as HTTP answers (spec 4.4 /addchannelinfo)', () => {
  it('asks for cookies on a bot check or sign-in wall (403)', () => {
    for (const kind of ['bot_check', 'age_restricted', 'private'] as const) {
      const e = platformError(failure(kind), 'the channel');
      expect([status(e), e.code]).toEqual([403, 'CHANNELS_COOKIES_REQUIRED']);
      expect(e.reason).toBe('cookies-required');
      expect(e.message).toContain(`cause of ${kind}`);
    }
  });

  it('says not found (404), naming termination', () => {
    expect(status(platformError(failure('unknown', { notFound: true }), 'the channel'))).toBe(404);
    const terminated = platformError(
      failure('removed', { stderr: 'ERROR: [youtube:tab] x: This account has been terminated' }),
      'the channel',
    );
    expect([status(terminated), terminated.message]).toEqual([404, 'the channel was terminated on the platform']);
    expect([terminated.reason, terminated.code]).toEqual(['not-found', 'CHANNELS_NOT_FOUND']);
    expect(platformError(failure('unavailable'), '@x').message).toBe('@x was not found on the platform');
  });

  it('reports everything else as the platform being unreachable (503)', () => {
    for (const kind of ['network', 'http_429', 'timeout', 'ytdlp_missing', 'unknown'] as const) {
      const e = platformError(failure(kind), 'the channel');
      expect([status(e), e.code, e.reason]).toEqual([503, 'CHANNELS_PLATFORM_UNREACHABLE', 'unreachable']);
      expect(e.message).toBe(`Cannot reach the platform to read the channel: cause of ${kind}. fix it.`);
    }
  });
});

describe('listing and search failures', () => {
  it.each([
    [
      'a failed full listing',
      listingFailed('shorts', 'boom'),
      502,
      'CHANNELS_PLATFORM_UNREACHABLE',
      'Listing the shorts tab failed: boom',
    ],
    [
      'a search that ran out of time',
      searchTimedOut(60_000),
      504,
      'CHANNELS_SEARCH_TIMEOUT',
      'The search took longer than 60 seconds',
    ],
    [
      'a failed search',
      searchFailed(failure('bot_check')),
      502,
      'CHANNELS_SEARCH_FAILED',
      'The search failed: cause of bot_check. fix it.',
    ],
  ])('%s', (_what, e, code, errorCode, message) => {
    expect([status(e), e.code, e.message]).toEqual([code, errorCode, message]);
  });
});
