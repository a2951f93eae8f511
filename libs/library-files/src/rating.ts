/**
 * Content ratings (reference 8.9): which rating a download gets, and how it is written into the
 * files media servers read (the NFO's rating block, reference 8.4; the MP4's iTunes content
 * rating, reference 8.3). Pure except `writeMp4Rating`/`rewriteNfoRating`, which change one file
 * the safe way (a temporary sibling, then a rename; the original is untouched on failure).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';

export const MANUAL_OVERRIDE = 'Manual Override';
export const CHANNEL_DEFAULT = 'Channel Default';
export const PLAYLIST_DEFAULT = 'Playlist Default';

export interface DecidedRating {
  /** G … NC-17, TV-Y … TV-MA; null = not rated. */
  rating: string | null;
  /** Who decided; null when nothing did (no rating from anywhere). */
  source: string | null;
}

/** Reference 8.9's age-limit heuristic: 18+ R, 16+ PG-13, 13+ TV-14, 7+ TV-PG; below: none. */
export function ratingFromAgeLimit(age: unknown): string | null {
  if (typeof age !== 'number' || !Number.isFinite(age)) return null;
  if (age >= 18) return 'R';
  if (age >= 16) return 'PG-13';
  if (age >= 13) return 'TV-14';
  if (age >= 7) return 'TV-PG';
  return null;
}

export interface RatingInputs {
  /** The download's own choice: a rating, null = explicitly not rated, undefined = none given. */
  override?: string | null;
  /** The record's rating when it was set by hand earlier (kept on a re-download). */
  previousManual?: { rating: string | null } | null;
  /** The video's channel's `default_rating` (subscribed channels only). */
  channelDefault?: string | null;
  /** A followed playlist's `default_rating` (job option `fallbackRating`). */
  playlistDefault?: string | null;
  /** `age_limit` of the video's info.json. */
  ageLimit?: unknown;
}

/**
 * Precedence: the download's override (also an explicit "not rated") > a rating set by hand on an
 * earlier download > the channel default > the playlist default > the platform's age limit > none.
 */
export function decideRating(i: RatingInputs): DecidedRating {
  if (i.override !== undefined) return { rating: i.override, source: MANUAL_OVERRIDE };
  if (i.previousManual) return { rating: i.previousManual.rating, source: MANUAL_OVERRIDE };
  if (i.channelDefault) return { rating: i.channelDefault, source: CHANNEL_DEFAULT };
  if (i.playlistDefault) return { rating: i.playlistDefault, source: PLAYLIST_DEFAULT };
  const fromAge = ratingFromAgeLimit(i.ageLimit);
  if (fromAge) return { rating: fromAge, source: `yt-dlp:age_limit=${Math.floor(i.ageLimit as number)}` };
  return { rating: null, source: null };
}

const MPAA_RANK: Readonly<Record<string, number>> = { G: 100, PG: 200, 'PG-13': 300, R: 400, 'NC-17': 500 };
const TV_RANK: Readonly<Record<string, number>> = {
  'TV-Y': 100,
  'TV-Y7': 200,
  'TV-G': 300,
  'TV-PG': 400,
  'TV-14': 500,
  'TV-MA': 600,
};

/**
 * The iTunes content-rating text (`----:com.apple.iTunes:iTunEXTC`) that Plex, Jellyfin and Emby
 * read from an MP4: `mpaa|PG-13|300|` or `us-tv|TV-14|500|`; null for no (or an unknown) rating.
 */
export function itunesRating(rating: string | null): string | null {
  if (!rating) return null;
  if (MPAA_RANK[rating] !== undefined) return `mpaa|${rating}|${MPAA_RANK[rating]}|`;
  if (TV_RANK[rating] !== undefined) return `us-tv|${rating}|${TV_RANK[rating]}|`;
  return null;
}

/** Reference 8.4: the numeric level of the NFO's `mpaa` rating (1-4), or the code itself (TV-Y7). */
export function nfoRatingLevel(rating: string): string {
  if (['G', 'TV-Y', 'TV-G'].includes(rating)) return '1';
  if (['PG', 'TV-PG'].includes(rating)) return '2';
  if (['PG-13', 'TV-14'].includes(rating)) return '3';
  if (['R', 'TV-MA', 'NC-17'].includes(rating)) return '4';
  return rating;
}

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The NFO lines of a rating (indented for `<movie>`): `mpaa` plus a `ratings` block; none without a rating. */
export function nfoRatingLines(rating: DecidedRating): string[] {
  if (!rating.rating) return [];
  const lines = [
    `  <mpaa>${xmlEscape(rating.rating)}</mpaa>`,
    '  <ratings>',
    `    <rating name="mpaa" max="10"><value>${xmlEscape(nfoRatingLevel(rating.rating))}</value></rating>`,
  ];
  if (rating.source) lines.push(`    <rating name="source"><value>${xmlEscape(rating.source)}</value></rating>`);
  lines.push('  </ratings>');
  return lines;
}

/**
 * An NFO with its rating replaced: the old `mpaa` and `ratings` elements go, the new ones go where
 * `mpaa` was (else before `runtime`, else before `</movie>`). Everything else is kept as written.
 */
export function replaceNfoRating(nfo: string, rating: DecidedRating): string {
  const lines = nfo.split('\n');
  const out: string[] = [];
  let at = -1;
  let skipping = false;
  for (const line of lines) {
    const t = line.trim();
    if (skipping) {
      if (t.startsWith('</ratings>')) skipping = false;
      continue;
    }
    if (/^<mpaa>.*<\/mpaa>$/.test(t) || t === '<mpaa/>') {
      if (at < 0) at = out.length;
      continue;
    }
    if (t === '<ratings>') {
      if (at < 0) at = out.length;
      skipping = true;
      continue;
    }
    out.push(line);
  }
  if (at < 0) {
    at = out.findIndex((l) => l.trim().startsWith('<runtime>'));
    if (at < 0) at = out.findIndex((l) => l.trim() === '</movie>');
    if (at < 0) throw new Error('not an NFO written by vidkeep (no </movie>)');
  }
  out.splice(at, 0, ...nfoRatingLines(rating));
  return out.join('\n');
}

const tmpSibling = (file: string, what: string) =>
  join(dirname(file), `.${basename(file)}.${what}-${randomBytes(4).toString('hex')}.vidkeep-part`);

/** Replaces `file` by what `write` puts into a temporary sibling; keeps the file's times. */
async function replaceSafely(file: string, what: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const before = await stat(file);
  const tmp = tmpSibling(file, what);
  try {
    await write(tmp);
    await utimes(tmp, before.atime, before.mtime);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Rewrites the rating of an NFO file next to a video (reference 8.4: regenerated on a change). */
export async function rewriteNfoRating(nfoPath: string, rating: DecidedRating): Promise<void> {
  const text = await readFile(nfoPath, 'utf8');
  const next = replaceNfoRating(text, rating);
  await replaceSafely(nfoPath, 'rating', (tmp) => writeFile(tmp, next, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
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

/** What writing a rating into a library file can do for its kind of file. */
export function ratingTarget(path: string): 'mp4' | 'skip' {
  return /\.(mp4|m4v|mov)$/i.test(path) ? 'mp4' : 'skip';
}
