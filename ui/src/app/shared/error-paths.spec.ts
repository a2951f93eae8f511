import { fieldOfPath, mapErrorDetails } from './error-paths';

describe('fieldOfPath', () => {
  it('finds the key in body paths', () => {
    expect(fieldOfPath('body/apiKeyRateLimit')).toBe('apiKeyRateLimit');
    expect(fieldOfPath('/body/apiKeyRateLimit')).toBe('apiKeyRateLimit');
    expect(fieldOfPath('body/sponsorblockCategories/0')).toBe('sponsorblockCategories');
    expect(fieldOfPath('body/schedules/auth.session-cleanup/cron')).toBe('schedules');
    expect(fieldOfPath('apiKeyRateLimit')).toBe('apiKeyRateLimit');
  });

  it('finds none for the body itself or other request parts', () => {
    expect(fieldOfPath('body')).toBeNull();
    expect(fieldOfPath('')).toBeNull();
    expect(fieldOfPath('querystring/page')).toBeNull();
  });
});

describe('mapErrorDetails', () => {
  it('puts each problem next to its field and the rest in "other" (real server answer)', () => {
    const details = [
      { path: 'body/bogus', message: 'is not allowed' },
      { path: 'body/uuid', message: 'is not allowed' },
      { path: 'body/apiKeyRateLimit', message: 'must be >= 1' },
      { path: 'body/sponsorblockCategories/0', message: 'must be equal to one of the allowed values' },
      { path: 'body', message: 'must NOT have fewer than 1 properties' },
    ];
    expect(mapErrorDetails(details, ['apiKeyRateLimit', 'sponsorblockCategories', 'proxy'])).toEqual({
      byField: {
        apiKeyRateLimit: ['must be >= 1'],
        sponsorblockCategories: ['entry 1: must be equal to one of the allowed values'],
      },
      other: ['bogus: is not allowed', 'uuid: is not allowed', 'must NOT have fewer than 1 properties'],
    });
  });

  it('collects several problems of one field', () => {
    const details = [
      { path: 'body/proxy', message: 'must match pattern' },
      { path: 'body/proxy', message: 'must NOT have more than 2048 characters' },
    ];
    expect(mapErrorDetails(details, new Set(['proxy'])).byField['proxy']).toEqual([
      'must match pattern',
      'must NOT have more than 2048 characters',
    ]);
  });

  it('handles no details', () => {
    expect(mapErrorDetails([], [])).toEqual({ byField: {}, other: [] });
  });
});
