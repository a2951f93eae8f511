import { describe, expect, it } from 'vitest';
import type { PlaylistVideoRow } from '../entities.js';
import { durationPasses, pickAutomatic, type PickInput } from './automatic.js';
import { entryRow } from './testing.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

const row = entryRow;

const input = (extra: Partial<PickInput> = {}): PickInput => ({
  baselineId: 3,
  limit: 2,
  everDownloaded: new Set(),
  inLibrary: new Set(),
  active: new Set(),
  passesFilters: new Set(Array.from({ length: 20 }, (_, i) => `v${i + 1}`)),
  ...extra,
});
const ids = (rows: PlaylistVideoRow[]) => rows.map((r) => r.id);

describe('pickAutomatic', () => {
  it('queues only entries after the starting point, newest first seen first, up to the limit', () => {
    const rows = [1, 2, 3, 4, 5, 6].map((id) => row(id));
    const pick = pickAutomatic(rows, input());
    expect(ids(pick.discoveries)).toEqual([6, 5]);
    expect(pick.retries).toEqual([]);
  });

  it('never discovers ignored, unavailable, active, filtered-out or once-downloaded entries', () => {
    const rows = [row(4, { ignored: true }), row(5, { unavailable: true }), row(6), row(7), row(8), row(9)];
    const pick = pickAutomatic(
      rows,
      input({
        limit: 10,
        active: new Set(['v6']),
        everDownloaded: new Set(['v7']), // deleted since: still never fetched again automatically
        passesFilters: new Set(['v4', 'v5', 'v6', 'v7', 'v9']),
      }),
    );
    expect(ids(pick.discoveries)).toEqual([9]);
  });

  it('retries tried discoveries and requested entries apart from new ones, least recently tried first', () => {
    const rows = [
      row(1, { autoDownloadRequested: true }), // a legacy request: never tried, joins first
      row(2, { autoDownloadRequested: true, autoDownloadLastAttemptAt: at(50) }),
      row(4, { autoDownloadLastAttemptAt: at(40) }),
      row(5, { autoDownloadLastAttemptAt: at(30) }),
      row(6),
      row(7),
      row(8),
    ];
    const pick = pickAutomatic(rows, input({ limit: 2 }));
    expect(ids(pick.discoveries)).toEqual([8, 7]);
    expect(ids(pick.retries)).toEqual([1, 5]);
    // Together at most twice the limit.
    expect(pick.discoveries.length + pick.retries.length).toBeLessThanOrEqual(4);
  });

  it('a request is honoured despite the filters and an earlier download, but not while the file is in the library', () => {
    const rows = [
      row(1, { autoDownloadRequested: true, ignored: true }),
      row(2, { autoDownloadRequested: true }),
      row(3, { autoDownloadRequested: true, unavailable: true }),
    ];
    const pick = pickAutomatic(
      rows,
      input({ passesFilters: new Set(), everDownloaded: new Set(['v1', 'v2']), inLibrary: new Set(['v2']) }),
    );
    expect(ids(pick.retries)).toEqual([1]);
  });
});

describe('durationPasses', () => {
  it.each([
    [null, null, 30, true],
    [60, null, 30, false],
    [null, 20, 30, false],
    [10, 40, 30, true],
    [10, 40, null, true],
  ])('min %s max %s, %s s: %s', (minDuration, maxDuration, seconds, expected) => {
    expect(durationPasses({ minDuration, maxDuration }, seconds)).toBe(expected);
  });
});
