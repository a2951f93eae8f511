import { describe, expect, it } from 'vitest';
import { LineReader, type RunEvent } from './line-reader.js';

const A = 'aaaaaaaaaaa';
const B = 'bbbbbbbbbbb';
const OTHER = 'zzzzzzzzzzz';
const STAGING = '/staging/job-1';

const started = (id: string) => `[youtube] Extracting URL: https://www.youtube.com/watch?v=${id}`;
const tick = (id: string, downloaded: number, total: number) =>
  `[vidkeep:progress] ${id} {"status":"downloading","downloaded_bytes":${downloaded},"total_bytes":${total},"speed":10,"eta":3}`;
const info = (id: string) =>
  `[info] Writing video metadata as JSON to: ${id}/Chan/Chan - T - ${id}/Chan - T [${id}].info.json`;
const infoPath = (id: string) => `${STAGING}/${id}/Chan/Chan - T - ${id}/Chan - T [${id}].info.json`;
const destination = '[download] Destination: A/Chan/x.f137.mp4';
const PRIVATE = `ERROR: [youtube] ${B}: Private video. Sign in if you've been granted access to this video.`;
const MEMBERS = 'ERROR: [youtube] %s: Join this channel to get access to members-only content like this video.';

/** Every event the lines produce, in order, with failures reduced to what the job uses. */
function read(lines: string[], atExit = true): unknown[] {
  const reader = new LineReader({ stagingDir: STAGING, sourceIds: new Set([A, B]), cookiesEnabled: false });
  const events: RunEvent[] = lines.flatMap((l) => reader.read(l));
  if (atExit) events.push(...reader.end());
  return events.map((e) =>
    e.type === 'failure'
      ? { type: e.type, sourceId: e.sourceId, kind: e.classified.kind, terminatedChannel: e.terminatedChannel }
      : e.type === 'progress'
        ? { type: e.type, sourceId: e.sourceId, downloaded: e.tick.downloadedBytes }
        : e,
  );
}

describe('LineReader', () => {
  it.each<[string, string[], unknown[]]>([
    ['noise says nothing', ['', '[youtube] abc: Downloading webpage', 'WARNING: slow'], []],
    ['a video starts', [started(A)], [{ type: 'started', sourceId: A }]],
    ['another job’s video starts without a video', [started(OTHER)], [{ type: 'started', sourceId: null }]],
    ['progress of a job video', [tick(A, 5, 10)], [{ type: 'progress', sourceId: A, downloaded: 5 }]],
    ['progress of another video is ignored', [tick(OTHER, 5, 10)], []],
    [
      'a destination belongs to the current video',
      [started(A), destination],
      [
        { type: 'started', sourceId: A },
        { type: 'destination', sourceId: A, stage: 'video' },
      ],
    ],
    ['a destination without a current video is ignored', [destination], []],
    [
      'progress makes its video current',
      [started(A), tick(B, 1, 2), '[download] Destination: b.m4a'],
      [
        { type: 'started', sourceId: A },
        { type: 'progress', sourceId: B, downloaded: 1 },
        { type: 'destination', sourceId: B, stage: 'audio' },
      ],
    ],
    [
      'post-processing is reported with or without a video',
      ['[Merger] Merging formats into "x.mp4"', started(A), '[ExtractAudio] Destination: x.mp3'],
      [
        { type: 'postprocessing', sourceId: null, stage: 'merging' },
        { type: 'started', sourceId: A },
        { type: 'postprocessing', sourceId: A, stage: 'processing' },
      ],
    ],
    ['a finished file', [`[vidkeep:done] ${A} /staging/x.mp4`], [{ type: 'done', sourceId: A }]],
    ['another video’s finished file is ignored', [`[vidkeep:done] ${OTHER} /x.mp4`], []],
    [
      'an info.json is reported with the next line',
      [info(A), started(B)],
      [
        { type: 'infoWritten', sourceId: A, path: infoPath(A) },
        { type: 'started', sourceId: B },
      ],
    ],
    ['an info.json is reported at exit', [info(A)], [{ type: 'infoWritten', sourceId: A, path: infoPath(A) }]],
    [
      'noise does not complete an info.json',
      [info(A), 'plain chatter'],
      [{ type: 'infoWritten', sourceId: A, path: infoPath(A) }],
    ],
    ['an info.json of another video is ignored', [info(OTHER)], []],
    [
      'an archived video',
      [`[download] ${A}: Title has already been recorded in the archive`],
      [{ type: 'archived', sourceId: A }],
    ],
    [
      'a filtered video is the current one',
      [started(B), '[download] Live Stream does not pass filter (!is_live), skipping ..'],
      [
        { type: 'started', sourceId: B },
        { type: 'filtered', sourceId: B },
      ],
    ],
    [
      'an error names its video',
      [started(A), PRIVATE],
      [
        { type: 'started', sourceId: A },
        { type: 'failure', sourceId: B, kind: 'private', terminatedChannel: null },
      ],
    ],
    [
      'an error naming another video belongs to the current one',
      [started(A), MEMBERS.replace('%s', OTHER)],
      [
        { type: 'started', sourceId: A },
        { type: 'failure', sourceId: A, kind: 'members_only', terminatedChannel: null },
      ],
    ],
    [
      '`ERROR:` alone takes its message from the next line',
      ['ERROR:', `[youtube] ${B}: Private video. Sign in if you've been granted access to this video.`],
      [{ type: 'failure', sourceId: B, kind: 'private', terminatedChannel: null }],
    ],
    [
      'a carriage return joins a retry notice to its error',
      [`Retrying...\rERROR: [youtube] ${A}: Private video. Sign in if you've been granted access.`],
      [{ type: 'failure', sourceId: A, kind: 'private', terminatedChannel: null }],
    ],
    [
      'a terminated channel is named',
      [
        "ERROR: [youtube:tab] UCxxxxxxxxxxxxxxxxxxxxxx: This account has been terminated for a violation of YouTube's Terms of Service.",
      ],
      [{ type: 'failure', sourceId: null, kind: 'removed', terminatedChannel: 'UCxxxxxxxxxxxxxxxxxxxxxx' }],
    ],
  ])('%s', (_name, lines, expected) => {
    expect(read(lines)).toEqual(expected);
  });

  it('completes an info.json on an error line it cannot classify too', () => {
    expect(read([info(A), '[debug] ERROR: chatter'], false)).toEqual([
      { type: 'infoWritten', sourceId: A, path: infoPath(A) },
    ]);
  });

  it("says in words what yt-dlp does instead of downloading: its retries and pauses (yt-dlp's own lines)", () => {
    expect(
      read([
        started(A),
        tick(A, 64512, 211557),
        '[download] Got error: timed out. Retrying (1/10)...',
        '[download] Got error: HTTP Error 503: Service Unavailable. Retrying fragment 7 (2/inf)...',
        '[download] Sleeping 5.00 seconds ...',
      ]).slice(2),
    ).toEqual([
      { type: 'activity', sourceId: A, text: 'retrying after the connection timed out, attempt 1 of 10' },
      { type: 'activity', sourceId: A, text: 'retrying after HTTP Error 503 (fragment 7), attempt 2' },
      { type: 'activity', sourceId: A, text: 'waiting 5 s before the next request' },
    ]);
    // The final "Giving up" is a failure, not an activity.
    expect(
      read([started(A), 'ERROR: [download] Got error: timed out. Giving up after 1 retries']).at(-1),
    ).toMatchObject({
      type: 'failure',
      sourceId: A,
    });
  });
});
