import { describe, expect, it } from 'vitest';
import { platformSuite } from '../../helpers/downloads.js';
import { call } from './helpers.js';

/** The Data API key test against the fake Data API: validity, reasons, units spent, never saved. */
describe('POST /testSourceApiKey', () => {
  const suite = platformSuite(() => ({ apiKeys: ['good-key', 'stored-key'] }));

  const test = (apiKey?: string) =>
    call(suite.app, 'POST', '/testSourceApiKey', apiKey === undefined ? {} : { apiKey });

  it('says a working key works, spends one unit and does not save it', async () => {
    const before = suite.p.apiQuotaUsed;
    const r = await test('good-key');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      code: null,
      reason: null,
      tested: 'given',
      unitsSpent: 1,
      dailyQuotaUnits: 10_000,
      storedKeyCoolingDownUntil: null,
    });
    expect(Date.parse(r.body.quotaResetsAt)).toBeGreaterThan(Date.now());
    expect(suite.p.apiQuotaUsed - before).toBe(1);
    expect(suite.p.requests.at(-1)?.path).toMatch(/^\/youtube\/v3\/videos\?part=id&id=dQw4w9WgXcQ/);
    expect((await call(suite.app, 'GET', '/getconfig')).body.configuredSecrets).not.toContain('sourceApiKey');
  });

  it('explains a wrong key, a used-up quota and a failing API, spending nothing', async () => {
    expect((await test('wrong-key')).body).toMatchObject({ ok: false, code: 'KEY_INVALID', unitsSpent: 0 });
    suite.p.setApiFailure('quotaExceeded');
    const quota = await test('good-key');
    expect(quota.body).toMatchObject({ ok: false, code: 'QUOTA_EXCEEDED', unitsSpent: 0 });
    expect(quota.body.reason).toMatch(/midnight Pacific time/);
    // Testing another key never puts the stored one to rest.
    expect(quota.body.storedKeyCoolingDownUntil).toBeNull();
    suite.p.setApiFailure('backendError');
    expect((await test('good-key')).body).toMatchObject({ ok: false, code: 'SERVER_ERROR' });
    suite.p.setApiFailure(null);
  });

  it('tests the stored key when none is given, and says when it rests after its quota', async () => {
    expect(await test()).toMatchObject({ status: 400, body: { code: 'CHANNELS_API_KEY_MISSING' } });
    expect((await call(suite.app, 'PATCH', '/api/config', { sourceApiKey: 'stored-key' })).status).toBe(200);
    expect((await test()).body).toMatchObject({ ok: true, tested: 'stored' });
    suite.p.setApiFailure('quotaExceeded');
    const resting = await test('');
    expect(resting.body).toMatchObject({ ok: false, code: 'QUOTA_EXCEEDED', tested: 'stored' });
    expect(Date.parse(resting.body.storedKeyCoolingDownUntil)).toBeGreaterThan(Date.now());
    suite.p.setApiFailure(null);
    // A working stored key ends its rest.
    expect((await test()).body).toMatchObject({ ok: true, storedKeyCoolingDownUntil: null });
  });

  it('refuses a key with characters no key has', async () => {
    expect((await test('not a key!')).status).toBe(400);
  });

  it('rests the key for every use after a video search spent the quota: one client, one quota policy', async () => {
    expect((await call(suite.app, 'PATCH', '/api/config', { sourceApiKey: 'stored-key' })).status).toBe(200);
    const apiCalls = () => suite.p.requests.filter((r) => r.path.startsWith('/youtube/v3/')).length;
    const videoSearch = () => call(suite.app, 'POST', '/api/videos/search', { query: 'anything', count: 10 });

    suite.p.setApiFailure('quotaExceeded');
    const before = apiCalls();
    // The downloader's video search asks the channels plugin's Data API client, then yt-dlp.
    expect((await videoSearch()).status).toBe(200);
    expect(apiCalls()).toBe(before + 1);
    suite.p.setApiFailure(null);

    // The key rests until midnight Pacific for every use: neither the next video search nor a
    // channel search asks the API.
    expect((await videoSearch()).status).toBe(200);
    expect((await call(suite.app, 'POST', '/api/channels/search', { query: 'anything' })).status).toBe(200);
    expect(apiCalls()).toBe(before + 1);
  });
});
