import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChannelArtworkService, isImage, posterPathOf } from './channel-artwork.js';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const logs: string[] = [];
const logger = { warn: (_o: unknown, m: string) => void logs.push(m) } as never;
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function service(answer: () => Response, thumbnailUrl: string | null = 'https://img.example/a.jpg') {
  const dir = await mkdtemp(join(tmpdir(), 'vidkeep-artwork-'));
  dirs.push(dir);
  let fetched = 0;
  let now = 0;
  const s = new ChannelArtworkService({
    store: { byChannelId: async (channelId) => (channelId === 'UCknown' ? { channelId, thumbnailUrl } : null) },
    imagesDir: dir,
    logger,
    fetch: (async () => {
      fetched++;
      return answer();
    }) as typeof fetch,
    now: () => now,
  });
  return { s, dir, fetched: () => fetched, advance: (ms: number) => (now += ms) };
}

describe('ChannelArtworkService', () => {
  it('fetches the picture once and keeps it under the images folder', async () => {
    const { s, dir, fetched } = await service(() => new Response(JPEG));
    const file = await s.posterFile('UCknown');
    expect(file).toBe(posterPathOf(dir, 'UCknown'));
    expect(new Uint8Array(await readFile(file!))).toEqual(JPEG);
    expect(await s.posterFile('UCknown')).toBe(file);
    expect(fetched()).toBe(1);
  });

  it('answers null for unknown channels, channels without a picture, and what is not an image', async () => {
    expect(await (await service(() => new Response(JPEG))).s.posterFile('UCother')).toBeNull();
    expect(await (await service(() => new Response(JPEG), null)).s.posterFile('UCknown')).toBeNull();
    const html = await service(() => new Response('<html>'));
    expect(await html.s.posterFile('UCknown')).toBeNull();
    expect(logs.at(-1)).toBe('Could not get the picture of a channel');
  });

  it('does not ask again for an hour after a failure', async () => {
    const failing = await service(() => new Response('gone', { status: 404 }));
    expect(await failing.s.posterFile('UCknown')).toBeNull();
    expect(await failing.s.posterFile('UCknown')).toBeNull();
    expect(failing.fetched()).toBe(1);
    failing.advance(61 * 60_000);
    await failing.s.posterFile('UCknown');
    expect(failing.fetched()).toBe(2);
  });

  it('recognises JPEG, PNG, GIF and WebP by their first bytes', () => {
    expect(isImage(JPEG)).toBe(true);
    expect(isImage(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 13, 10]))).toBe(true);
    expect(isImage(Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBe(true);
    expect(isImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe(true);
    expect(isImage(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBe(false);
    expect(isImage(new TextEncoder().encode('<!doctype html>'))).toBe(false);
  });
});
