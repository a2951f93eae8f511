import { describe, expect, it } from 'vitest';
import type { TaskScheduleOverride } from '@vidkeep/contracts';
import { effectiveSchedule, withChange, type EffectiveSchedule, type ScheduleChange } from './overrides.js';

describe('effectiveSchedule', () => {
  const task = { defaultSchedule: '0 3 * * *' };
  it.each<[string, { enabledByDefault?: boolean }, TaskScheduleOverride | undefined, EffectiveSchedule]>([
    ['no override', {}, undefined, { cron: '0 3 * * *', enabled: true, overridden: false }],
    [
      'disabled by default',
      { enabledByDefault: false },
      undefined,
      { cron: '0 3 * * *', enabled: false, overridden: false },
    ],
    ['a cron override', {}, { cron: '30 5 * * *' }, { cron: '30 5 * * *', enabled: true, overridden: true }],
    [
      'an enabled override',
      { enabledByDefault: false },
      { enabled: true },
      { cron: '0 3 * * *', enabled: true, overridden: false },
    ],
    [
      'a disabled override',
      {},
      { cron: '30 5 * * *', enabled: false },
      { cron: '30 5 * * *', enabled: false, overridden: true },
    ],
    // Hand-edited config.json: a cron that never fires or does not parse falls back to the default.
    [
      'an override that never fires',
      {},
      { cron: '0 0 31 2 *' },
      { cron: '0 3 * * *', enabled: true, overridden: false },
    ],
    ['an override that does not parse', {}, { cron: 'soon' }, { cron: '0 3 * * *', enabled: true, overridden: false }],
  ])('%s', (_name, defaults, override, expected) => {
    expect(effectiveSchedule({ ...task, ...defaults }, override)).toEqual(expected);
  });

  it('follows a schedule read from the plugin config, under the user override', () => {
    let keys = { cron: '0 */4 * * *', enabled: true };
    const fromConfig = { ...task, configuredSchedule: () => keys };
    expect(effectiveSchedule(fromConfig, undefined)).toEqual({ cron: '0 */4 * * *', enabled: true, overridden: false });
    keys = { cron: '15 * * * *', enabled: false };
    expect(effectiveSchedule(fromConfig, undefined)).toEqual({ cron: '15 * * * *', enabled: false, overridden: false });
    expect(effectiveSchedule(fromConfig, { cron: '30 5 * * *', enabled: true })).toEqual({
      cron: '30 5 * * *',
      enabled: true,
      overridden: true,
    });
    // A config cron that never fires keeps the default time but still follows the switch.
    keys = { cron: '0 0 31 2 *', enabled: false };
    expect(effectiveSchedule(fromConfig, undefined)).toEqual({ cron: '0 3 * * *', enabled: false, overridden: false });
  });
});

describe('withChange', () => {
  const other = { 'auth.session-cleanup': { enabled: false } };
  it.each<[string, Record<string, TaskScheduleOverride>, ScheduleChange, Record<string, TaskScheduleOverride>]>([
    ['sets a cron, normalised', {}, { cron: '30  5 * * mon-fri' }, { 'x.y': { cron: '30 5 * * mon-fri' } }],
    ['disables', {}, { enabled: false }, { 'x.y': { enabled: false } }],
    [
      'changes both',
      { 'x.y': { cron: '1 * * * *' } },
      { cron: '2 * * * *', enabled: true },
      { 'x.y': { cron: '2 * * * *', enabled: true } },
    ],
    [
      'restores the default cron, keeping the switch',
      { 'x.y': { cron: '1 * * * *', enabled: false } },
      { cron: null },
      { 'x.y': { enabled: false } },
    ],
    ['drops an override left empty', { 'x.y': { cron: '1 * * * *' } }, { cron: null }, {}],
    ['changes nothing without a change', { 'x.y': { cron: '1 * * * *' } }, {}, { 'x.y': { cron: '1 * * * *' } }],
    ['leaves other tasks alone', other, { enabled: true }, { ...other, 'x.y': { enabled: true } }],
  ])('%s', (_name, before, change, after) => {
    const copy = structuredClone(before);
    expect(withChange(before, 'x.y', change)).toEqual(after);
    expect(before).toEqual(copy);
  });
});
