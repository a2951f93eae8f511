import { describe, expect, it } from 'vitest';
import { StallWatch } from './stall-watch.js';

describe('noticing a download that receives nothing', () => {
  const watch = () => {
    let now = 0;
    const seen: [string, number][] = [];
    const w = new StallWatch(
      15_000,
      (id, s) => seen.push([id, s]),
      () => now,
    );
    return { w, seen, at: (ms: number) => (now = ms) };
  };

  it('keeps counting across a retry that starts a piece again with fewer bytes', () => {
    const { w, seen, at } = watch();
    w.bytes('a', 5000);
    at(20_000);
    w.check();
    // yt-dlp's socket timed out and it retried: the piece starts again, fewer bytes than before.
    at(31_000);
    w.bytes('a', 4000);
    at(40_000);
    w.check();
    expect(seen).toEqual([
      ['a', 20],
      ['a', 40],
    ]);
    // New bytes past the most it had end the stall.
    w.bytes('a', 5001);
    at(45_000);
    w.check();
    expect(seen).toHaveLength(2);
  });

  it("starts over for the video's next file", () => {
    const { w, seen, at } = watch();
    w.bytes('a', 9000);
    at(10_000);
    w.forget('a'); // the audio begins
    w.bytes('a', 100);
    at(20_000);
    w.check();
    expect(seen).toEqual([]);
    at(26_000);
    w.check();
    expect(seen).toEqual([['a', 16]]);
  });
});
