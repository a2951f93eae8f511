import { describe, expect, it } from 'vitest';
import { operationIdOf } from './openapi.js';

describe('operationIdOf', () => {
  it.each([
    ['GET', '/api/channels/:channelId/settings', 'getApiChannelsByChannelIdSettings'],
    ['PATCH', '/api/plugins/:id', 'patchApiPluginsById'],
    ['POST', '/auth/change-password', 'postAuthChangePassword'],
    ['GET', '/getchannels', 'getGetchannels'],
    ['DELETE', '/api/subfolders/:name', 'deleteApiSubfoldersByName'],
    ['GET', '/api/media/:id(^\\d+$)', 'getApiMediaById'],
    ['GET', '/api/watch-status/users', 'getApiWatchStatusUsers'],
    ['GET', '/', 'get'],
  ])('%s %s is %s', (method, url, id) => {
    expect(operationIdOf(method, url)).toBe(id);
  });

  it('is the same every time, so generated clients keep their method names', () => {
    expect(operationIdOf('GET', '/api/videos')).toBe(operationIdOf('GET', '/api/videos'));
    expect(operationIdOf('GET', '/api/videos')).not.toBe(operationIdOf('POST', '/api/videos'));
  });
});
