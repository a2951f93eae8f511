import { qrPath } from './qr-code';

/** The dark modules of a path drawn by `qrPath`, as "row,col" in matrix coordinates. */
function darkModules(d: string): Set<string> {
  return new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${Number(m[2]) - 4},${Number(m[1]) - 4}`));
}

describe('qrPath', () => {
  const url = 'https://vidkeep.example/feeds/Ab3_dEf-ghIJklmnOPqrstUVwxyz0123456789abcd/feed.xml';

  it('draws a QR code of a version that holds the address, with its quiet zone', () => {
    const { size } = qrPath(url);
    const count = size - 8;
    // Versions are 21 + 4·(v − 1) modules wide; 83 bytes at level M need version 5 or more.
    expect((count - 21) % 4).toBe(0);
    expect(count).toBeGreaterThanOrEqual(37);
  });

  it('has the three finder patterns: a dark 7×7 ring around a 3×3 core, light between', () => {
    const { d, size } = qrPath(url);
    const dark = darkModules(d);
    const count = size - 8;
    for (const [top, left] of [
      [0, 0],
      [0, count - 7],
      [count - 7, 0],
    ] as const) {
      for (let r = 0; r < 7; r++)
        for (let c = 0; c < 7; c++) {
          const ring = r === 0 || r === 6 || c === 0 || c === 6;
          const core = r >= 2 && r <= 4 && c >= 2 && c <= 4;
          expect(dark.has(`${top + r},${left + c}`), `module ${top + r},${left + c}`).toBe(ring || core);
        }
    }
  });

  it('gives another code for another address', () => {
    expect(qrPath(url).d).not.toBe(qrPath(url.replace('Ab3', 'Zz9')).d);
  });
});
