import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfo } from './nfo.js';
import { decideRating, itunesRating, ratingFromAgeLimit, replaceNfoRating, rewriteNfoRating } from './rating.js';
import { writeMp4Rating } from './mp4-rating.js';

let dir: string;

/** A 1 s H.264/AAC MP4 with the tags yt-dlp's --embed-metadata writes; `faststart` puts moov first. */
function makeMp4(name: string, faststart: boolean): string {
  const file = join(dir, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    '-metadata',
    'title=Fixture title',
    '-metadata',
    'artist=Fixture Channel',
    ...(faststart ? ['-movflags', '+faststart'] : []),
    file,
  ]);
  return file;
}

/** What a media server reads through ffprobe: the container's tags, and whether the streams still decode. */
function probe(file: string): { tags: Record<string, string>; frames: number } {
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', file], { encoding: 'utf8' }),
  ) as { format: { tags?: Record<string, string> } };
  const frames = execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-count_frames',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=nb_read_frames',
      '-of',
      'csv=p=0',
      file,
    ],
    { encoding: 'utf8' },
  );
  return { tags: out.format.tags ?? {}, frames: Number(frames.trim()) };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vidkeep-rating-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decideRating', () => {
  it('follows override > earlier manual > channel > playlist > age limit > none', () => {
    const all = {
      override: 'G',
      previousManual: { rating: 'PG' },
      channelDefault: 'R',
      playlistDefault: 'TV-Y',
      ageLimit: 18,
    };
    expect(decideRating(all)).toEqual({ rating: 'G', source: 'Manual Override' });
    expect(decideRating({ ...all, override: null })).toEqual({ rating: null, source: 'Manual Override' });
    expect(decideRating({ ...all, override: undefined })).toEqual({ rating: 'PG', source: 'Manual Override' });
    expect(decideRating({ ...all, override: undefined, previousManual: null })).toEqual({
      rating: 'R',
      source: 'Channel Default',
    });
    expect(decideRating({ playlistDefault: 'TV-Y', ageLimit: 18 })).toEqual({
      rating: 'TV-Y',
      source: 'Playlist Default',
    });
    expect(decideRating({ ageLimit: 18 })).toEqual({ rating: 'R', source: 'yt-dlp:age_limit=18' });
    expect(decideRating({ ageLimit: 0 })).toEqual({ rating: null, source: null });
  });

  it('maps the age limit as the reference does', () => {
    expect([21, 18, 17, 16, 15, 13, 12, 7, 6, 0].map(ratingFromAgeLimit)).toEqual([
      'R',
      'R',
      'PG-13',
      'PG-13',
      'TV-14',
      'TV-14',
      'TV-PG',
      'TV-PG',
      null,
      null,
    ]);
  });

  it('writes iTunes content ratings in the mpaa and us-tv systems', () => {
    expect(itunesRating('PG-13')).toBe('mpaa|PG-13|300|');
    expect(itunesRating('TV-MA')).toBe('us-tv|TV-MA|600|');
    expect(itunesRating(null)).toBeNull();
  });
});

describe('NFO rating block', () => {
  const nfo = buildNfo(
    { id: 'abcdefghijk', title: 'T', duration: 65 },
    { dateAdded: new Date('2025-01-02T03:04:05Z') },
  );

  it('adds mpaa and the ratings block before runtime, and replaces them on a change', () => {
    const rated = replaceNfoRating(nfo, { rating: 'PG-13', source: 'Manual Override' });
    expect(rated).toContain('<mpaa>PG-13</mpaa>');
    expect(rated).toContain('<rating name="mpaa" max="10"><value>3</value></rating>');
    expect(rated).toContain('<rating name="source"><value>Manual Override</value></rating>');
    expect(rated.indexOf('<mpaa>')).toBeLessThan(rated.indexOf('<runtime>'));
    const again = replaceNfoRating(rated, { rating: 'TV-Y7', source: 'Channel Default' });
    expect(again.match(/<mpaa>/g)).toHaveLength(1);
    expect(again).toContain('<value>TV-Y7</value>');
    expect(again).not.toContain('PG-13');
    const none = replaceNfoRating(again, { rating: null, source: 'Manual Override' });
    expect(none).not.toContain('mpaa');
    expect(none).not.toContain('<ratings>');
    expect(none.replace(/\n/g, '')).toBe(nfo.replace(/\n/g, ''));
  });

  it('rewrites an NFO file in place, keeping its modification time', async () => {
    const path = join(dir, 'video.nfo');
    writeFileSync(path, nfo);
    utimesSync(path, new Date('2020-01-01T00:00:00Z'), new Date('2020-01-01T00:00:00Z'));
    await rewriteNfoRating(path, { rating: 'R', source: 'Manual Override' });
    expect(readFileSync(path, 'utf8')).toContain('<mpaa>R</mpaa>');
    expect(statSync(path).mtime.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect(readdirSync(dir).filter((f) => f.includes('vidkeep-part'))).toEqual([]);
  });
});

describe('writeMp4Rating (real ffmpeg files, read back with ffprobe)', () => {
  for (const faststart of [false, true]) {
    it(`sets, changes and removes iTunEXTC without re-encoding (moov ${faststart ? 'first' : 'last'})`, async () => {
      const file = makeMp4(`clip-${faststart}.mp4`, faststart);
      const before = probe(file);
      utimesSync(file, new Date('2021-06-01T00:00:00Z'), new Date('2021-06-01T00:00:00Z'));

      await writeMp4Rating(file, 'PG-13');
      let after = probe(file);
      expect(after.tags.iTunEXTC).toBe('mpaa|PG-13|300|');
      // The tags yt-dlp wrote stay, and every frame still decodes (chunk offsets moved with moov).
      expect(after.tags.title).toBe('Fixture title');
      expect(after.tags.artist).toBe('Fixture Channel');
      expect(after.frames).toBe(before.frames);
      expect(statSync(file).mtime.toISOString()).toBe('2021-06-01T00:00:00.000Z');

      await writeMp4Rating(file, 'TV-14');
      after = probe(file);
      expect(after.tags.iTunEXTC).toBe('us-tv|TV-14|500|');
      expect(after.frames).toBe(before.frames);

      await writeMp4Rating(file, null);
      after = probe(file);
      expect(after.tags.iTunEXTC).toBeUndefined();
      expect(after.tags.title).toBe('Fixture title');
      expect(after.frames).toBe(before.frames);
    });
  }

  it('leaves a file that is not an MP4 untouched and says so', async () => {
    const file = join(dir, 'not.mp4');
    writeFileSync(file, 'this is not a video');
    await expect(writeMp4Rating(file, 'G')).rejects.toThrow();
    expect(readFileSync(file, 'utf8')).toBe('this is not a video');
    expect(readdirSync(dir).filter((f) => f.includes('vidkeep-part'))).toEqual([]);
  });
});
