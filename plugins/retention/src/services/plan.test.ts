import type { ChannelRetentionSettings, VideoWatch } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import {
  ageCandidates,
  applyGuards,
  DAY_MS,
  freeSpace,
  SPACE_BATCH_SIZE,
  toCandidate,
  watchedCandidates,
  type Candidate,
} from './plan.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const MB = 1024 * 1024;

/** A video downloaded `daysAgo` days before NOW. */
function video(id: string, daysAgo: number, extra: Partial<Candidate> = {}): Candidate {
  return toCandidate({
    sourceId: id,
    title: `Video ${id}`,
    channelId: extra.channelId ?? 'UCa',
    channelName: 'A',
    downloadedAt: new Date(NOW.getTime() - daysAgo * DAY_MS),
    fileSize: MB,
    audioFileSize: null,
    protected: extra.protected ?? false,
  });
}
const ids = (vs: readonly { sourceId: string }[]) => vs.map((v) => v.sourceId);
const channel = (channelId: string, s: Partial<ChannelRetentionSettings>): ChannelRetentionSettings => ({
  channelId,
  protected: false,
  keepRecentCount: null,
  ...s,
});

describe('sizes', () => {
  it('add the video and audio file, and stay unknown only when both are', () => {
    const base = { sourceId: 'x', title: 't', channelId: null, channelName: null, downloadedAt: NOW, protected: false };
    expect(toCandidate({ ...base, fileSize: 3, audioFileSize: 4 })).toMatchObject({ bytes: 7, fileSize: 7 });
    expect(toCandidate({ ...base, fileSize: null, audioFileSize: 4 })).toMatchObject({ bytes: 4, fileSize: 4 });
    expect(toCandidate({ ...base, fileSize: null, audioFileSize: null })).toMatchObject({ bytes: 0, fileSize: null });
  });
});

describe('guards', () => {
  const library = [
    video('a1', 50),
    video('a2', 40),
    video('a3', 30),
    video('p1', 45, { protected: true }),
    video('b1', 35, { channelId: 'UCb' }),
    video('b2', 5, { channelId: 'UCb' }),
    video('c1', 20, { channelId: 'UCc' }),
    video('c2', 10, { channelId: 'UCc' }),
  ];

  it('never offer protected videos or videos of protected channels', () => {
    const g = applyGuards(library, 0, [channel('UCb', { protected: true })]);
    expect(ids(g.eligible)).toEqual(['a1', 'a2', 'a3', 'c1', 'c2']);
    expect(g).toMatchObject({ protectedVideos: 1, protectedChannelVideos: 2 });
    expect(g.keptRecent.size).toBe(0);
  });

  it('keep the N most recent unprotected downloads (a protected video does not use up the count)', () => {
    const g = applyGuards(library, 3, []);
    expect([...g.keptRecent].sort()).toEqual(['b2', 'c1', 'c2']);
    expect(ids(g.eligible)).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  it('keep each channel’s own most recent downloads, on top of the global count', () => {
    const g = applyGuards(library, 1, [channel('UCa', { keepRecentCount: 2 }), channel('UCc', { keepRecentCount: 1 })]);
    // global: b2; UCa: a3, a2; UCc: c2.
    expect([...g.keptRecent].sort()).toEqual(['a2', 'a3', 'b2', 'c2']);
    expect(ids(g.eligible)).toEqual(['a1', 'b1', 'c1']);
  });

  it('leave videos being downloaded right now alone', () => {
    const g = applyGuards(library, 0, [], new Set(['a1']));
    expect(ids(g.eligible)).not.toContain('a1');
    expect(g.active).toBe(1);
  });
});

describe('age strategy', () => {
  it('takes every video downloaded more than N days ago, oldest first', () => {
    const pool = [video('new', 29), video('old', 90), video('edge', 30), video('older', 31)];
    expect(ids(ageCandidates(pool, 30, NOW))).toEqual(['old', 'older']);
  });
});

describe('watched strategy', () => {
  const pool = [video('w1', 100), video('w2', 50), video('w3', 5), video('u1', 80), video('n1', 70)];
  const watch = new Map<string, VideoWatch>([
    ['w1', { watched: true, watchedBy: ['ann (Plex)'], lastWatchedAt: new Date(NOW.getTime() - 40 * DAY_MS) }],
    ['w2', { watched: true, watchedBy: ['bob (Emby)'], lastWatchedAt: new Date(NOW.getTime() - 2 * DAY_MS) }],
    ['w3', { watched: true, watchedBy: ['ann (Plex)'], lastWatchedAt: null }],
    ['u1', { watched: false, watchedBy: [], lastWatchedAt: null }],
  ]);

  it('takes what counts as watched; unwatched and unknown videos stay', () => {
    expect(ids(watchedCandidates(pool, watch, null, null, NOW))).toEqual(['w1', 'w2', 'w3']);
  });

  it('with a minimum time since watched, only videos watched long enough ago (an unknown time does not qualify)', () => {
    expect(ids(watchedCandidates(pool, watch, 30, null, NOW))).toEqual(['w1']);
  });

  it('with a minimum video age, only videos downloaded long enough ago', () => {
    expect(ids(watchedCandidates(pool, watch, null, 10, NOW))).toEqual(['w1', 'w2']);
    expect(watchedCandidates(pool, watch, null, null, NOW)[0]!.lastWatchedAt).toEqual(watch.get('w1')!.lastWatchedAt);
  });
});

describe('free-space strategy', () => {
  const library = Array.from({ length: 600 }, (_, i) => video(`v${String(i).padStart(3, '0')}`, 1000 - i));
  const estimate = async (v: Candidate) => v.bytes;

  it('removes the oldest videos until enough is freed', async () => {
    const out = await freeSpace(library, 2.5 * MB, estimate);
    expect(ids(out.picked)).toEqual(['v000', 'v001', 'v002']);
    expect(out).toMatchObject({ freedBytes: 3 * MB, iterations: 1, reached: true });
  });

  it('does nothing when nothing is needed', async () => {
    expect(await freeSpace(library, 0, estimate)).toMatchObject({ picked: [], iterations: 0, reached: true });
  });

  it('goes on in batches of 50, at most 10 batches (500 videos) per run', async () => {
    const some = await freeSpace(library, 120 * MB, estimate);
    expect(some).toMatchObject({ iterations: 3, reached: true });
    expect(some.picked).toHaveLength(120);
    const all = await freeSpace(library, 10_000 * MB, estimate);
    expect(all).toMatchObject({ iterations: 10, reached: false });
    expect(all.picked).toHaveLength(10 * SPACE_BATCH_SIZE);
  });

  it('counts a failed removal as nothing freed and takes the next video', async () => {
    const out = await freeSpace(library, 2 * MB, async (v) => (v.sourceId === 'v000' ? null : v.bytes));
    expect(ids(out.picked)).toEqual(['v000', 'v001', 'v002']);
    expect(out.freedBytes).toBe(2 * MB);
  });

  it('stops when told to', async () => {
    let calls = 0;
    const out = await freeSpace(library, 100 * MB, estimate, () => ++calls > 3);
    expect(out.picked.length).toBeLessThan(3);
  });
});
