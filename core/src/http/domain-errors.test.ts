import {
  CancelledError,
  ConflictError,
  InvalidInputError,
  NotFoundError,
  PlatformRefusedError,
  type DomainError,
} from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { statusOf, type DomainErrorStatuses } from './domain-errors.js';

const mapped: DomainErrorStatuses = {
  kinds: { conflict: 423 },
  platform: { unreachable: 502 },
  codes: { FX_UNPROCESSABLE: 422, FX_PLATFORM_ODD: 599 },
};

describe('the status a domain error answers with', () => {
  it.each<[string, DomainError, number, number]>([
    ['by kind', new NotFoundError('FX_NOT_FOUND', 'x'), 404, 404],
    ['by a kind the plugin maps', new ConflictError('FX_BUSY', 'x'), 409, 423],
    ['by platform reason', new PlatformRefusedError('cookies-required', 'FX_COOKIES', 'x'), 403, 403],
    ['by a platform reason the plugin maps', new PlatformRefusedError('unreachable', 'FX_PLATFORM', 'x'), 503, 502],
    ['by code before kind', new InvalidInputError('FX_UNPROCESSABLE', 'x'), 400, 422],
    ['by code before platform reason', new PlatformRefusedError('failed', 'FX_PLATFORM_ODD', 'x'), 502, 599],
    ['cancelled', new CancelledError('FX_GONE', 'x'), 499, 499],
  ])('%s', (_what, err, byDefault, byMap) => {
    expect(statusOf(err)).toBe(byDefault);
    expect(statusOf(err, mapped)).toBe(byMap);
  });
});
