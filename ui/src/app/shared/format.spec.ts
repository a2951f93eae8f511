import {
  formatBytes,
  formatDuration,
  formatEta,
  formatPercent,
  formatSpeed,
  formatWhen,
  isProblemStatus,
  jobCountsText,
  statusLabel,
} from './format';

describe('formatBytes', () => {
  it('uses decimal units with one decimal below 10', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(15_000)).toBe('15 KB');
    expect(formatBytes(2_500_000)).toBe('2.5 MB');
    expect(formatBytes(123_456_789)).toBe('123 MB');
    expect(formatBytes(2_000_000_000)).toBe('2.0 GB');
    expect(formatBytes(3e12)).toBe('3.0 TB');
  });

  it('never shows 1000 of a unit', () => {
    expect(formatBytes(999_999)).toBe('1.0 MB');
  });

  it('returns nothing for unknown or invalid sizes', () => {
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(undefined)).toBe('');
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});

describe('formatSpeed', () => {
  it('formats bytes per second', () => {
    expect(formatSpeed(1_500_000)).toBe('1.5 MB/s');
    expect(formatSpeed(512)).toBe('512 B/s');
  });

  it('returns nothing for unknown or zero speed', () => {
    expect(formatSpeed(null)).toBe('');
    expect(formatSpeed(0)).toBe('');
  });
});

describe('formatEta', () => {
  it('formats seconds, minutes, hours and days', () => {
    expect(formatEta(0)).toBe('0 s');
    expect(formatEta(42)).toBe('42 s');
    expect(formatEta(60)).toBe('1 min 00 s');
    expect(formatEta(185)).toBe('3 min 05 s');
    expect(formatEta(3720)).toBe('1 h 02 min');
    expect(formatEta(183_600)).toBe('2 d 03 h');
  });

  it('returns nothing for unknown times', () => {
    expect(formatEta(null)).toBe('');
    expect(formatEta(-5)).toBe('');
  });
});

describe('formatDuration', () => {
  it('formats like a clock', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(null)).toBe('');
  });
});

describe('formatPercent', () => {
  it('rounds and clamps', () => {
    expect(formatPercent(42.345)).toBe('42.3 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(formatPercent(100)).toBe('100 %');
    expect(formatPercent(140)).toBe('100 %');
    expect(formatPercent(null)).toBe('');
  });
});

describe('statusLabel', () => {
  it('replaces underscores', () => {
    expect(statusLabel('completed_with_errors')).toBe('completed with errors');
    expect(statusLabel('running')).toBe('running');
  });
});

describe('job status words', () => {
  it.each([
    ['failed', true],
    ['completed_with_errors', true],
    ['interrupted', true],
    ['completed', false],
    ['cancelled', false],
    ['running', false],
  ])('%s is a problem: %s', (status, problem) => {
    expect(isProblemStatus(status)).toBe(problem);
  });

  it('counts a job in words', () => {
    const counts = { total: 5, queued: 0, active: 0, completed: 3, failed: 0, skipped: 0, cancelled: 0 };
    expect(jobCountsText(counts, 'done')).toBe('3 of 5 done');
    expect(jobCountsText({ ...counts, failed: 1, skipped: 2, cancelled: 1 }, 'downloaded')).toBe(
      '3 of 5 downloaded · 1 failed · 2 skipped · 1 cancelled',
    );
  });
});

describe('formatWhen', () => {
  it('formats ISO date-times', () => {
    expect(formatWhen('2026-11-23T12:02:03.429Z', 'never', 'en-US', 'UTC')).toBe('Nov 23, 2026, 12:02 PM');
  });

  it('uses the fallback for missing or invalid values', () => {
    expect(formatWhen(null)).toBe('never');
    expect(formatWhen(undefined, '—')).toBe('—');
    expect(formatWhen('not a date')).toBe('never');
  });
});
