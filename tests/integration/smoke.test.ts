import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, completeSetup, type TestApp } from '@vidkeep/core/testing';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('smoke', () => {
  it('sets up, logs in and validates', async () => {
    t = await buildTestApp();
    const token = await completeSetup(t);
    const res = await t.app.inject({ url: '/auth/validate', headers: { 'x-access-token': token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, username: 'admin' });
  });
});
