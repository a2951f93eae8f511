/*
 * The content rating inside an MP4 (reference 8.3): the iTunes freeform atom read by Plex, Jellyfin
 * and Emby, written without re-encoding.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { itunesRating } from './rating.js';
import { replaceSafely } from './replace-safely.js';

// MP4: the iTunes freeform atom `----` (mean `com.apple.iTunes`, name `iTunEXTC`) in moov/udta/meta/ilst

interface Box {
  type: string;
  /** Raw payload (after the header) of a leaf box. */
  payload?: Buffer;
  /** Children of a container box; `prefix` is what comes before them (a full box's version and flags). */
  children?: Box[];
  prefix?: Buffer;
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'udta', 'edts', 'ilst', 'dinf']);

function parseBoxes(buf: Buffer): Box[] {
  const boxes: Box[] = [];
  let pos = 0;
  while (pos + 8 <= buf.length) {
    let size = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > buf.length) throw new Error('truncated MP4 box');
      size = Number(buf.readBigUInt64BE(pos + 8));
      header = 16;
    } else if (size === 0) size = buf.length - pos;
    if (size < header || pos + size > buf.length) throw new Error(`broken MP4 box ${type}`);
    const payload = buf.subarray(pos + header, pos + size);
    boxes.push(parseBox(type, payload));
    pos += size;
  }
  return boxes;
}

function parseBox(type: string, payload: Buffer): Box {
  if (CONTAINERS.has(type)) return { type, children: parseBoxes(payload) };
  if (type === 'meta') {
    // ISO (and iTunes) meta is a full box; QuickTime's has no version and flags (it starts with hdlr).
    const full = payload.toString('latin1', 4, 8) !== 'hdlr';
    const prefix = full ? payload.subarray(0, 4) : Buffer.alloc(0);
    return { type, prefix, children: parseBoxes(payload.subarray(prefix.length)) };
  }
  return { type, payload };
}

function serialize(box: Box): Buffer {
  const body = box.children
    ? Buffer.concat([box.prefix ?? Buffer.alloc(0), ...box.children.map(serialize)])
    : (box.payload ?? Buffer.alloc(0));
  const size = body.length + 8;
  if (size > 0xffffffff) throw new Error('MP4 box too large');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(size, 0);
  head.write(box.type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const leaf = (type: string, payload: Buffer): Box => ({ type, payload });
const fullLeaf = (type: string, text: string) =>
  leaf(type, Buffer.concat([Buffer.alloc(4), Buffer.from(text, 'utf8')]));

/** `----` with mean `com.apple.iTunes`, name `iTunEXTC` and a UTF-8 data atom. */
function extcAtom(value: string): Box {
  const data = Buffer.concat([Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]), Buffer.from(value, 'utf8')]);
  return {
    type: '----',
    children: [fullLeaf('mean', 'com.apple.iTunes'), fullLeaf('name', 'iTunEXTC'), leaf('data', data)],
  };
}

const isExtc = (b: Box) =>
  b.type === '----' &&
  !!b.payload &&
  parseBoxes(b.payload).some((c) => c.type === 'name' && c.payload?.subarray(4).toString('utf8') === 'iTunEXTC');

/** Adds `children` with `type` to `parent` when missing, returns it. */
function child(parent: Box, type: string, make: () => Box): Box {
  parent.children ??= [];
  let found = parent.children.find((c) => c.type === type);
  if (!found) {
    found = make();
    parent.children.push(found);
  }
  return found;
}

function itunesMeta(): Box {
  const hdlr = Buffer.alloc(25);
  hdlr.write('mdir', 8, 'latin1');
  hdlr.write('appl', 12, 'latin1');
  return { type: 'meta', prefix: Buffer.alloc(4), children: [leaf('hdlr', hdlr), { type: 'ilst', children: [] }] };
}

/** Sets (or, for null, removes) the content rating in a parsed `moov`. */
export function setMoovRating(moov: Box, value: string | null): void {
  const udta = child(moov, 'udta', () => ({ type: 'udta', children: [] }));
  const meta = child(udta, 'meta', itunesMeta);
  const ilst = child(meta, 'ilst', () => ({ type: 'ilst', children: [] }));
  ilst.children = (ilst.children ?? []).filter((b) => !isExtc(b));
  if (value) ilst.children.push(extcAtom(value));
}

/** Moves every chunk offset (stco/co64) at or after `from` by `delta` bytes. */
function shiftChunkOffsets(box: Box, from: number, delta: number): void {
  for (const c of box.children ?? []) {
    if (c.type === 'stco' || c.type === 'co64') {
      const p = Buffer.from(c.payload!);
      const count = p.readUInt32BE(4);
      for (let i = 0; i < count; i++) {
        if (c.type === 'stco') {
          const at = 8 + i * 4;
          const v = p.readUInt32BE(at);
          if (v < from) continue;
          if (v + delta > 0xffffffff) throw new Error('the file is too large to move its chunks (32-bit offsets)');
          p.writeUInt32BE(v + delta, at);
        } else {
          const at = 8 + i * 8;
          const v = p.readBigUInt64BE(at);
          if (v >= BigInt(from)) p.writeBigUInt64BE(v + BigInt(delta), at);
        }
      }
      c.payload = p;
    } else if (c.children) shiftChunkOffsets(c, from, delta);
  }
}

/** Where each top-level box of an MP4 starts and ends (headers only are read). */
async function topLevel(file: string): Promise<{ type: string; start: number; end: number }[]> {
  const fh = await open(file, 'r');
  try {
    const { size: total } = await fh.stat();
    const out: { type: string; start: number; end: number }[] = [];
    const head = Buffer.alloc(16);
    let pos = 0;
    while (pos + 8 <= total) {
      await fh.read(head, 0, 16, pos);
      let size = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (size === 1) size = Number(head.readBigUInt64BE(8));
      else if (size === 0) size = total - pos;
      if (size < 8 || pos + size > total) throw new Error(`broken MP4 box ${type} at ${pos}`);
      out.push({ type, start: pos, end: pos + size });
      pos += size;
    }
    return out;
  } finally {
    await fh.close();
  }
}

/**
 * Writes (or removes, for null) the content rating of an MP4 file without re-encoding: only the
 * `moov` box changes (chunk offsets moved when it sits before the media data); the file is
 * rewritten into a temporary sibling and renamed over the original, keeping its times.
 */
export async function writeMp4Rating(file: string, rating: string | null): Promise<void> {
  const boxes = await topLevel(file);
  const moovAt = boxes.find((b) => b.type === 'moov');
  if (!moovAt || !boxes.some((b) => b.type === 'ftyp')) throw new Error('not an MP4 file (no moov box)');
  const fh = await open(file, 'r');
  let moovBuf: Buffer;
  try {
    moovBuf = Buffer.alloc(moovAt.end - moovAt.start);
    await fh.read(moovBuf, 0, moovBuf.length, moovAt.start);
  } finally {
    await fh.close();
  }
  const [moov] = parseBoxes(moovBuf);
  setMoovRating(moov!, itunesRating(rating));
  let next = serialize(moov!);
  const delta = next.length - moovBuf.length;
  if (delta !== 0 && boxes.some((b) => b.type === 'mdat' && b.start > moovAt.start)) {
    shiftChunkOffsets(moov!, moovAt.end, delta);
    next = serialize(moov!);
  }
  await replaceSafely(file, 'rating', async (tmp) => {
    const out = createWriteStream(tmp);
    const done = new Promise<void>((resolve, reject) => {
      out.on('finish', resolve);
      out.on('error', reject);
    });
    if (moovAt.start > 0)
      await pipeline(createReadStream(file, { start: 0, end: moovAt.start - 1 }), out, { end: false });
    out.write(next);
    const total = boxes[boxes.length - 1]!.end;
    if (moovAt.end < total) await pipeline(createReadStream(file, { start: moovAt.end }), out, { end: false });
    out.end();
    await done;
  });
}
