import type { RetentionConfigSection } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import {
  effectiveSettings,
  formatBytes,
  hasStrategy,
  parseDays,
  parseFreeSpaceThreshold,
  parseSettings,
} from './settings.js';

/** The defaults of the config section. */
const defaults = (): RetentionConfigSection => ({
  autoRemovalEnabled: false,
  autoRemovalVideoAgeThreshold: null,
  autoRemovalFreeSpaceThreshold: null,
  autoRemovalWatchedEnabled: false,
  autoRemovalWatchedMinDaysSinceWatched: '',
  autoRemovalWatchedMinVideoAgeDays: '',
  autoRemovalKeepRecentCount: 0,
});

describe('free-space thresholds', () => {
  it('read <int>MB and <int>GB, 1024-based', () => {
    expect(parseFreeSpaceThreshold('500MB')).toBe(500 * 1024 * 1024);
    expect(parseFreeSpaceThreshold('1GB')).toBe(1024 ** 3);
    expect(parseFreeSpaceThreshold('20GB')).toBe(20 * 1024 ** 3);
    expect(parseFreeSpaceThreshold('9999999GB')).toBe(9_999_999 * 1024 ** 3);
  });

  it('refuse everything else', () => {
    for (const bad of [
      '',
      '0MB',
      '500',
      '500mb',
      '1.5GB',
      '1TB',
      ' 1GB',
      '1GB ',
      '-1GB',
      '01GB',
      '10000000GB',
      null,
      undefined,
    ])
      expect(parseFreeSpaceThreshold(bad), String(bad)).toBeNull();
  });
});

describe('days', () => {
  it('are whole positive numbers written as text', () => {
    expect(parseDays('30')).toBe(30);
    expect(parseDays('1')).toBe(1);
    for (const bad of ['', '0', '-1', '1.5', '30d', ' 30', '1000000', null])
      expect(parseDays(bad), String(bad)).toBeNull();
  });
});

describe('settings', () => {
  it('start with nothing to remove by', () => {
    const s = parseSettings(defaults());
    expect(s).toEqual({
      ageDays: null,
      freeSpaceText: null,
      freeSpaceBytes: null,
      watchedEnabled: false,
      minDaysSinceWatched: null,
      minVideoAgeDays: null,
      keepRecentCount: 0,
    });
    expect(hasStrategy(s)).toBe(false);
    // The keep-recent count alone removes nothing.
    expect(hasStrategy(parseSettings({ ...defaults(), autoRemovalKeepRecentCount: 5 }))).toBe(false);
  });

  it('count each strategy as something to do', () => {
    expect(hasStrategy(parseSettings({ ...defaults(), autoRemovalVideoAgeThreshold: '30' }))).toBe(true);
    expect(hasStrategy(parseSettings({ ...defaults(), autoRemovalFreeSpaceThreshold: '1GB' }))).toBe(true);
    expect(hasStrategy(parseSettings({ ...defaults(), autoRemovalWatchedEnabled: true }))).toBe(true);
  });

  it('lay unsaved overrides over the saved values; null clears, absent keeps', () => {
    const saved = { ...defaults(), autoRemovalVideoAgeThreshold: '30', autoRemovalFreeSpaceThreshold: '1GB' };
    const merged = effectiveSettings(saved, { autoRemovalVideoAgeThreshold: null, autoRemovalKeepRecentCount: 3 });
    expect(merged).toMatchObject({
      autoRemovalVideoAgeThreshold: null,
      autoRemovalFreeSpaceThreshold: '1GB',
      autoRemovalKeepRecentCount: 3,
    });
    expect(saved.autoRemovalVideoAgeThreshold).toBe('30');
  });

  it('refuse a hand-edited value that does not parse, naming the key', () => {
    expect(() => parseSettings({ ...defaults(), autoRemovalFreeSpaceThreshold: '1TB' })).toThrow(
      /autoRemovalFreeSpaceThreshold must be like "500MB"/,
    );
    expect(() => parseSettings({ ...defaults(), autoRemovalVideoAgeThreshold: '30d' })).toThrow(
      /autoRemovalVideoAgeThreshold/,
    );
  });

  it('formats bytes 1024-based', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(3 * 1024 ** 2)).toBe('3.0 MiB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GiB');
  });
});
