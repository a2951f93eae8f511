import { describe, expect, it } from 'vitest';
import { freshness } from './tools.js';

const newest = (version: string | null, problem: string | null = null) => ({
  version,
  checkedAt: '2026-11-28T04:00:00.000Z',
  problem,
});

describe('freshness: when yt-dlp counts as stale', () => {
  it('never for the newest release, however old it is', () => {
    expect(freshness('2026.08.19', newest('2026.08.19'), 101)).toEqual({ stale: false, staleReason: null });
    expect(freshness('2099.01.02', newest('2026.08.19'), 0)).toEqual({ stale: false, staleReason: null });
  });

  it('when a newer release can be installed, saying which', () => {
    expect(freshness('2026.08.19', newest('2026.11.20'), 101)).toEqual({
      stale: true,
      staleReason: 'yt-dlp 2026.11.20 is out and can be installed here; this one is 2026.08.19.',
    });
  });

  it('when pip cannot be asked, by age alone, saying so', () => {
    expect(freshness('2026.10.01', newest(null, 'pip is not installed for python3'), 58)).toEqual({
      stale: false,
      staleReason: null,
    });
    expect(freshness('2026.08.19', newest(null, 'pip is not installed for python3'), 101)).toEqual({
      stale: true,
      staleReason:
        'yt-dlp 2026.08.19 was released 101 days ago, and the newest release could not be asked from pip (pip is not installed for python3): the platform has probably changed since.',
    });
    expect(freshness('2026.08.19', null, 101).stale).toBe(true);
  });

  it('always below the oldest supported release, and never for an unknown version', () => {
    expect(freshness('2022.11.11', newest('2022.11.11'), 1478)).toMatchObject({ stale: true });
    expect(freshness('2022.11.11', null, 1478).staleReason).toContain('older than 2023.03.04');
    expect(freshness(null, newest('2026.11.20'), null)).toEqual({ stale: false, staleReason: null });
  });
});
