import { describe, expect, it } from 'vitest';
import type { LocalFile } from '@vidkeep/contracts';
import { matchServerFiles, resolveAfterScan, scanBackoffDelays, scanPlan } from './files.js';

const file = (rel: string, root = '/data'): LocalFile => ({ path: `${root}/${rel}`, relativePath: rel });

describe('matchServerFiles', () => {
  it('finds files the server sees under another mount, by name and the most shared folders', () => {
    const a = file('Chan/A [id1]/A [id1].mp4');
    const b = file('Other/A [id1]/A [id1].mp4');
    const found = matchServerFiles(
      [a, b],
      [
        { id: 'x', path: '/media/yt/Chan/A [id1]/A [id1].mp4' },
        { id: 'y', path: '/media/yt/Other/A [id1]/A [id1].mp4' },
      ],
    );
    expect(found).toEqual(
      new Map([
        [a.path, 'x'],
        [b.path, 'y'],
      ]),
    );
  });

  it('prefers the identical path, reads Windows paths, and leaves unknown files out', () => {
    const a = file('C/v.mp4');
    const found = matchServerFiles(
      [a, file('C/missing.mp4')],
      [
        { id: 'win', path: 'D:\\media\\C\\v.mp4' },
        { id: 'same', path: '/data/C/v.mp4' },
      ],
    );
    expect(found).toEqual(new Map([[a.path, 'same']]));
    expect(matchServerFiles([a], [{ id: 'win', path: 'D:\\media\\C\\v.mp4' }]).get(a.path)).toBe('win');
  });
});

describe('matchServerFiles after a folder move', () => {
  it("does not take the server's item at a moved file's old place, but takes the one at its new place", () => {
    const moved = { ...file('__Kids/Chan/A [id1]/A [id1].mp4'), movedFromRelativePath: 'Chan/A [id1]/A [id1].mp4' };
    const stale = { id: 'old', path: '/media/yt/Chan/A [id1]/A [id1].mp4' };
    // Not rescanned yet: only the old item exists, so the file is not found (a scan is asked for).
    expect(matchServerFiles([moved], [stale]).has(moved.path)).toBe(false);
    // Rescanned (or scanning): the item at the new place.
    expect(
      matchServerFiles([moved], [stale, { id: 'new', path: '/media/yt/__Kids/Chan/A [id1]/A [id1].mp4' }]),
    ).toEqual(new Map([[moved.path, 'new']]));
    // Without the move noted, the old item would have been taken.
    expect(matchServerFiles([file('__Kids/Chan/A [id1]/A [id1].mp4')], [stale]).size).toBe(1);
  });
});

describe('scanBackoffDelays', () => {
  it('spreads the budget like the reference (2, 5, 10, 20, 30 s of 67)', () => {
    expect(scanBackoffDelays(67_000)).toEqual([2000, 5000, 10000, 20000, 30000]);
    expect(scanBackoffDelays(670)).toEqual([20, 50, 100, 200, 300]);
    expect(scanBackoffDelays(-5)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('scanPlan', () => {
  const libs = [
    { id: 'v', locations: ['/data/'] },
    { id: 'm', locations: ['/music'] },
  ];

  it('names paths inside a library folder, and rescans the libraries for files the server sees elsewhere', () => {
    expect(scanPlan(['/data/a.mp4', '/data/b/c.mp4'], libs)).toEqual({
      paths: ['/data/a.mp4', '/data/b/c.mp4'],
      libraryIds: [],
    });
    expect(scanPlan(['/data/a.mp4', '/srv/x.mp4'], libs)).toEqual({ paths: ['/data/a.mp4'], libraryIds: ['v', 'm'] });
    expect(scanPlan(['/database/a.mp4'], libs).libraryIds).toEqual(['v', 'm']);
  });
});

describe('resolveAfterScan', () => {
  it('scans once when files are missing and asks only for the missing ones after each wait', async () => {
    const a = file('a.mp4');
    const b = file('b.mp4');
    const asked: string[][] = [];
    const slept: number[] = [];
    let round = 0;
    const found = await resolveAfterScan([a, b], {
      lookup: async (files) => {
        asked.push(files.map((f) => f.relativePath));
        round++;
        return new Map(files.filter((f) => f === a || round > 2).map((f) => [f.path, f.relativePath]));
      },
      scan: async (missing) => {
        asked.push(['scan', ...missing.map((f) => f.relativePath)]);
      },
      sleep: async (ms) => {
        slept.push(ms);
      },
      delays: [1, 2, 3],
    });
    expect(found).toEqual(
      new Map([
        [a.path, 'a.mp4'],
        [b.path, 'b.mp4'],
      ]),
    );
    expect(asked).toEqual([['a.mp4', 'b.mp4'], ['scan', 'b.mp4'], ['b.mp4'], ['b.mp4']]);
    expect(slept).toEqual([1, 2]);
  });

  it('gives up after the last wait and returns what it found', async () => {
    let scans = 0;
    const found = await resolveAfterScan([file('a.mp4')], {
      lookup: async () => new Map(),
      scan: async () => {
        scans++;
      },
      sleep: async () => undefined,
      delays: [1, 1],
    });
    expect(found.size).toBe(0);
    expect(scans).toBe(1);
  });
});
