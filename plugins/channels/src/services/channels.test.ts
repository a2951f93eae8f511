import type { FailureKind, SourceFailure } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { platformError } from './channels.js';

const failure = (kind: FailureKind, over: Partial<SourceFailure> = {}): SourceFailure => ({
  diagnosis: { kind, cause: `cause of ${kind}.`, fix: 'fix it.', sourceId: null, detail: null },
  timedOut: false,
  aborted: false,
  notFound: false,
  stderr: '',
  ...over,
});

describe('platform failures as HTTP answers (spec 4.4 /addchannelinfo)', () => {
  it('asks for cookies on a bot check or sign-in wall (403)', () => {
    for (const kind of ['bot_check', 'age_restricted', 'private'] as const) {
      const e = platformError(failure(kind), 'the channel');
      expect([e.statusCode, e.code]).toEqual([403, 'CHANNELS_COOKIES_REQUIRED']);
      expect(e.message).toContain(`cause of ${kind}`);
    }
  });

  it('says not found (404), naming termination', () => {
    expect(platformError(failure('unknown', { notFound: true }), 'the channel').statusCode).toBe(404);
    const terminated = platformError(
      failure('removed', { stderr: 'ERROR: [youtube:tab] x: This account has been terminated' }),
      'the channel',
    );
    expect([terminated.statusCode, terminated.message]).toEqual([404, 'the channel was terminated on the platform']);
  });

  it('reports everything else as the platform being unreachable (503)', () => {
    for (const kind of ['network', 'http_429', 'timeout', 'ytdlp_missing', 'unknown'] as const) {
      expect(platformError(failure(kind), 'the channel').statusCode).toBe(503);
    }
  });
});
