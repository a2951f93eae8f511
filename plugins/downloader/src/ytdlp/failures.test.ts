import type { FailureKind } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { classifyLine, diagnose, terminatedChannelOf, videoIdOfErrorLine } from './failures.js';

const BOT =
  'ERROR: [youtube] dQw4w9WgXcQ: Sign in to confirm you’re not a bot. Use --cookies-from-browser or --cookies for the authentication. ' +
  'See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies. Also see  ' +
  'https://github.com/yt-dlp/yt-dlp/wiki/Extractors#exporting-youtube-cookies  for tips on effectively exporting YouTube cookies';
const PRIVATE =
  "ERROR: [youtube] abcdefghijk: Private video. Sign in if you've been granted access to this video. Use --cookies-from-browser or --cookies for the authentication.";
const MEMBERS =
  'ERROR: [youtube] abcdefghijk: Join this channel to get access to members-only content like this video, and other exclusive perks.';
const MEMBERS_LEVEL =
  "ERROR: [youtube] abcdefghijk: This video is available to this channel's members on level: Gold (or any higher level). Join this channel to get access to members-only content and other exclusive perks.";
const HTTP_429 =
  'ERROR: [youtube] abcdefghijk: Unable to download webpage: HTTP Error 429: Too Many Requests (caused by <HTTPError 429: Too Many Requests>)';
const HTTP_403 = 'ERROR: unable to download video data: HTTP Error 403: Forbidden';
const TERMINATED =
  "ERROR: [youtube:tab] UCxxxxxxxxxxxxxxxxxxxxxx: This account has been terminated for a violation of YouTube's Terms of Service.";
const DISK = "ERROR: Postprocessing: [Errno 28] No space left on device: '/downloads/Channel/video.temp.mp4'";

/** One real message per kind, with the expected flags. */
const CASES: Array<{ line: string; kind: FailureKind; skip?: boolean; retry?: boolean; id?: string | null }> = [
  { line: BOT, kind: 'bot_check', id: 'dQw4w9WgXcQ' },
  {
    line: "ERROR: [youtube] dQw4w9WgXcQ: Sign in to confirm you're not a bot. This helps protect our community.",
    kind: 'bot_check',
  },
  { line: 'ERROR: [youtube] dQw4w9WgXcQ: Please confirm that you’re not a bot', kind: 'bot_check' },
  {
    line: 'ERROR: [youtube] dQw4w9WgXcQ: YouTube is requiring a captcha challenge before playback',
    kind: 'bot_check',
  },
  { line: PRIVATE, kind: 'private', id: 'abcdefghijk' },
  { line: MEMBERS, kind: 'members_only', skip: true },
  { line: MEMBERS_LEVEL, kind: 'members_only', skip: true },
  { line: 'ERROR: [youtube] abcdefghijk: This video is members-only', kind: 'members_only', skip: true },
  {
    line: 'ERROR: [youtube] abcdefghijk: Video unavailable. This video has been removed by the uploader',
    kind: 'removed',
  },
  {
    line: 'ERROR: [youtube] abcdefghijk: Video unavailable. This video is no longer available because the YouTube account associated with this video has been terminated.',
    kind: 'removed',
  },
  { line: TERMINATED, kind: 'removed', id: null },
  { line: 'ERROR: [youtube] abcdefghijk: Video unavailable', kind: 'unavailable' },
  {
    line: 'ERROR: [youtube] abcdefghijk: Video unavailable. The uploader has not made this video available in your country',
    kind: 'geo_blocked',
  },
  { line: 'ERROR: [youtube] abcdefghijk: This video is geo restricted', kind: 'geo_blocked' },
  {
    line: 'ERROR: [youtube] abcdefghijk: Sign in to confirm your age. This video may be inappropriate for some users. Use --cookies-from-browser or --cookies for the authentication.',
    kind: 'age_restricted',
  },
  {
    line: 'ERROR: [youtube] abcdefghijk: This video is age-restricted and only available on YouTube.',
    kind: 'age_restricted',
  },
  { line: 'ERROR: [youtube] abcdefghijk: This live event will begin in 3 hours.', kind: 'upcoming', skip: true },
  { line: 'ERROR: [youtube] abcdefghijk: Premieres in 2 hours', kind: 'upcoming', skip: true },
  { line: 'ERROR: [youtube] abcdefghijk: Premiere will begin shortly', kind: 'upcoming', skip: true },
  { line: 'ERROR: [youtube] abcdefghijk: This video is a pre-release', kind: 'upcoming', skip: true },
  { line: 'ERROR: [youtube] abcdefghijk: The release time of this video is not known', kind: 'upcoming', skip: true },
  // Rate limiting is not retried automatically: retrying soon makes it worse.
  { line: HTTP_429, kind: 'http_429' },
  {
    line: "ERROR: [youtube] abcdefghijk: This content isn't available, try again later. The current session has been rate-limited by YouTube for up to an hour.",
    kind: 'http_429',
  },
  // A 403 on a media file passes; one on the page itself is a block and is not retried.
  { line: HTTP_403, kind: 'http_403', retry: true, id: null },
  {
    line: 'ERROR: [youtube] abcdefghijk: Unable to download webpage: HTTP Error 403: Forbidden',
    kind: 'http_403',
  },
  {
    line: 'ERROR: [download] Got error: HTTP Error 503: Service Unavailable. Giving up after 2 retries',
    kind: 'network',
    retry: true,
  },
  { line: 'ERROR: unable to download video data: HTTP Error 500: Internal Server Error', kind: 'network', retry: true },
  { line: DISK, kind: 'disk_full' },
  { line: 'ERROR: unable to write data: [Errno 28] No space left on device', kind: 'disk_full' },
  {
    line: "ERROR: unable to open for writing: [Errno 13] Permission denied: '/downloads/x.part'",
    kind: 'output_not_writable',
  },
  {
    line: "ERROR: unable to open for writing: [Errno 30] Read-only file system: '/downloads/x.part'",
    kind: 'output_not_writable',
  },
  {
    line: 'ERROR: You have requested merging of multiple formats but ffmpeg is not installed. Aborting due to --abort-on-error',
    kind: 'ffmpeg_missing',
  },
  {
    line: 'ERROR: Postprocessing: ffprobe and ffmpeg not found. Please install or provide the path using --ffmpeg-location',
    kind: 'ffmpeg_missing',
  },
  {
    line: 'ERROR: [youtube] abcdefghijk: Unable to extract uploader id; please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template. Confirm you are on the latest version using  yt-dlp -U',
    kind: 'ytdlp_outdated',
  },
  {
    line: 'ERROR: [youtube] abcdefghijk: Signature extraction failed: Some formats may be missing',
    kind: 'ytdlp_outdated',
  },
  {
    line: 'ERROR: [youtube] abcdefghijk: nsig extraction failed: You may experience throttling',
    kind: 'ytdlp_outdated',
  },
  {
    line: 'ERROR: [youtube] abcdefghijk: Requested format is not available. Use --list-formats for a list of available formats',
    kind: 'ytdlp_outdated',
  },
  {
    line: "ERROR: [youtube] abcdefghijk: Unable to download webpage: <urlopen error [Errno -3] Temporary failure in name resolution> (caused by URLError(gaierror(-3, 'Temporary failure in name resolution')))",
    kind: 'network',
    retry: true,
  },
  { line: 'ERROR: unable to download video data: <urlopen error timed out>', kind: 'network', retry: true },
  {
    // A slow page, not an outdated yt-dlp, despite the update advice yt-dlp appends.
    line: "ERROR: [youtube] D-DtFO7By2o: Unable to download webpage: timed out (caused by TimeoutError('timed out')); please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template. Confirm you are on the latest version using  yt-dlp -U",
    kind: 'network',
    retry: true,
  },
  {
    line: 'ERROR: [download] Got error: [Errno 104] Connection reset by peer. Giving up after 10 retries',
    kind: 'network',
    retry: true,
  },
  { line: 'ERROR: Postprocessing: Conversion failed!', kind: 'postprocess' },
  { line: 'ERROR: Interrupted by user', kind: 'cancelled' },
  {
    line: 'ERROR: [generic] \'not-a-url\' is not a valid URL. Set --default-search "ytsearch" (or run  yt-dlp "ytsearch:not-a-url" ) to search YouTube',
    kind: 'unknown',
  },
  { line: 'ERROR: Unsupported URL: https://example.com/page', kind: 'unknown' },
  { line: 'ERROR: something nobody has seen before', kind: 'unknown' },
];

describe('classifyLine', () => {
  it.each(CASES)('$kind: $line', ({ line, kind, skip = false, retry = false, id }) => {
    const c = classifyLine(line);
    expect(c).not.toBeNull();
    expect(c?.kind).toBe(kind);
    expect(c?.expectedSkip).toBe(skip);
    expect(c?.retryable).toBe(retry);
    expect(c?.detail).toBe(line.trim());
    expect(c?.cause.length).toBeGreaterThan(10);
    expect(c?.fix.length).toBeGreaterThan(10);
    if (id !== undefined) expect(c?.sourceId).toBe(id);
  });

  it('returns null for warnings, progress, status lines and empty input', () => {
    for (const line of [
      '',
      '   ',
      'WARNING: [youtube] dQw4w9WgXcQ: Sign in to confirm you’re not a bot',
      'WARNING: [youtube] Falling back to generic n function search',
      'WARNING: Unable to download webpage: HTTP Error 429: Too Many Requests',
      '[download]  42.0% of   10.00MiB at    1.00MiB/s ETA 00:05',
      '[download] Destination: /tmp/jobs/Premiere night - Private video.mp4',
      '[download] Got error: HTTP Error 403: Forbidden. Retrying fragment 3 (1/10)...',
      '[download] dQw4w9WgXcQ: has already been recorded in the archive',
      '[youtube] dQw4w9WgXcQ: Downloading webpage',
      '[Merger] Merging formats into "/tmp/jobs/Premiere of the members-only video.mp4"',
      '[EmbedThumbnail] ffmpeg: Adding thumbnail to "/tmp/jobs/Video unavailable.mp4"',
      '[info] Writing video metadata as JSON to: /tmp/jobs/Private video.info.json',
      'Deleting original file /tmp/jobs/x.f137.mp4 (pass -k to keep)',
    ]) {
      expect(classifyLine(line), line).toBeNull();
    }
  });

  it('classifies bare messages that match a known pattern', () => {
    expect(classifyLine("OSError: [Errno 28] No space left on device: '/downloads/x'")?.kind).toBe('disk_full');
    expect(classifyLine('[youtube] abcdefghijk: Private video. Sign in if you have been granted access')?.kind).toBe(
      'private',
    );
    expect(classifyLine('[youtube] abcdefghijk: Private video')?.sourceId).toBe('abcdefghijk');
    expect(classifyLine('Sign in to confirm you’re not a bot')?.kind).toBe('bot_check');
  });

  it('does not read video ids as message text', () => {
    expect(classifyLine('ERROR: [generic] my-premiere-night: Unable to download webpage: timed out')?.kind).toBe(
      'network',
    );
  });

  it('checks bot and age before private, and 429/403 before network', () => {
    expect(classifyLine(BOT)?.kind).toBe('bot_check');
    expect(classifyLine(HTTP_429)?.kind).toBe('http_429');
    expect(
      classifyLine('ERROR: [youtube] abcdefghijk: Unable to download webpage: HTTP Error 403: Forbidden')?.kind,
    ).toBe('http_403');
  });

  it('ignores WARNING lines among joined lines but classifies the ERROR', () => {
    const joined = ['WARNING: [youtube] abcdefghijk: Premieres soon', '[download] Destination: x.mp4', HTTP_403].join(
      '\n',
    );
    const c = classifyLine(joined);
    expect(c?.kind).toBe('http_403');
    expect(c?.detail).toBe(HTTP_403);
  });

  it('accepts the ASCII and the curly apostrophe', () => {
    expect(classifyLine("ERROR: [youtube] abcdefghijk: This video is available to this channel's members")?.kind).toBe(
      'members_only',
    );
    expect(classifyLine('ERROR: [youtube] abcdefghijk: This video is available to this channel’s members')?.kind).toBe(
      'members_only',
    );
  });

  it('is case-insensitive', () => {
    expect(classifyLine('ERROR: [youtube] abcdefghijk: PRIVATE VIDEO')?.kind).toBe('private');
    expect(classifyLine('ERROR: no SPACE left on DEVICE')?.kind).toBe('disk_full');
  });

  it('mentions stale cookies when cookies are already enabled', () => {
    const without = classifyLine(BOT);
    const withCookies = classifyLine(BOT, { cookiesEnabled: true });
    expect(without?.fix).toContain('Settings → Cookies');
    expect(without?.fix).toContain('uploading turns cookies on');
    expect(withCookies?.fix).toMatch(/stale/);
    expect(withCookies?.fix).toMatch(/re-export/);
    expect(classifyLine(HTTP_403, { cookiesEnabled: false })?.fix).toMatch(/cookies/);
    expect(classifyLine(HTTP_403, { cookiesEnabled: true })?.fix).toMatch(/stale/);
  });

  it('keeps ERROR: in the detail and cuts it to 500 characters', () => {
    const long = `  ERROR: [youtube] abcdefghijk: Video unavailable ${'x'.repeat(1000)}  `;
    const c = classifyLine(long);
    expect(c?.detail?.startsWith('ERROR: [youtube] abcdefghijk: Video unavailable')).toBe(true);
    expect(c?.detail?.length).toBe(500);
    expect(classifyLine(PRIVATE)?.detail).toBe(PRIVATE);
  });

  it('returns on pathological 100 KB input', () => {
    const inputs = [
      `ERROR: ${'a'.repeat(100_000)}`,
      `ERROR: ${'account '.repeat(12_500)}`,
      `ERROR: ${'release time '.repeat(8_000)}`,
      `ERROR: [${'y'.repeat(100_000)}`,
      `${'[youtube] '.repeat(10_000)}`,
      'ERROR: ' + '\n'.repeat(100_000),
      `ERROR: [youtube] ${'abcdefghijk:'.repeat(9_000)}`,
    ];
    for (const input of inputs) {
      const c = classifyLine(input);
      if (c) expect((c.detail ?? '').length).toBeLessThanOrEqual(500);
      videoIdOfErrorLine(input);
      terminatedChannelOf(input);
    }
    expect(classifyLine(`ERROR: ${'a'.repeat(100_000)}`)?.kind).toBe('unknown');
  });
});

describe('videoIdOfErrorLine', () => {
  it('reads the id after any extractor name', () => {
    expect(videoIdOfErrorLine(BOT)).toBe('dQw4w9WgXcQ');
    expect(videoIdOfErrorLine('ERROR: [youtube] a-b_c1234XY: Video unavailable')).toBe('a-b_c1234XY');
    expect(videoIdOfErrorLine('ERROR: [youtube+oauth2] abcdefghijk: Video unavailable')).toBe('abcdefghijk');
    expect(videoIdOfErrorLine('ERROR: [vimeo] abcdefghijk: Private')).toBe('abcdefghijk');
  });

  it('returns null when no id is present', () => {
    expect(videoIdOfErrorLine(HTTP_403)).toBeNull();
    expect(videoIdOfErrorLine(TERMINATED)).toBeNull();
    expect(videoIdOfErrorLine('ERROR: [youtube] short: Video unavailable')).toBeNull();
    expect(videoIdOfErrorLine('ERROR: [youtube] abcdefghijkl: Video unavailable')).toBeNull();
    expect(videoIdOfErrorLine('')).toBeNull();
    expect(videoIdOfErrorLine('title with [youtube] abcdefghijk: in the middle')).toBeNull();
  });
});

describe('terminatedChannelOf', () => {
  it('reads the channel id of a terminated channel', () => {
    expect(terminatedChannelOf(TERMINATED)).toBe('UCxxxxxxxxxxxxxxxxxxxxxx');
    expect(
      terminatedChannelOf(
        'ERROR: [youtube:tab] UC_x5XG1OV2P6uZZ5FSM9Ttw: This channel was removed because it violated our Community Guidelines.',
      ),
    ).toBe('UC_x5XG1OV2P6uZZ5FSM9Ttw');
  });

  it('returns null for other errors', () => {
    expect(
      terminatedChannelOf('ERROR: [youtube:tab] UCxxxxxxxxxxxxxxxxxxxxxx: This channel does not exist.'),
    ).toBeNull();
    expect(terminatedChannelOf(PRIVATE)).toBeNull();
    expect(
      terminatedChannelOf(
        'ERROR: [youtube] abcdefghijk: Video unavailable. This video is no longer available because the YouTube account associated with this video has been terminated.',
      ),
    ).toBeNull();
    expect(terminatedChannelOf('')).toBeNull();
  });
});

describe('diagnose', () => {
  it('fills sourceId, detail and the flags', () => {
    const d = diagnose('stalled', { sourceId: 'abcdefghijk', detail: '  no progress  ', seconds: 600 });
    expect(d).toMatchObject({
      kind: 'stalled',
      sourceId: 'abcdefghijk',
      detail: 'no progress',
      retryable: false,
      expectedSkip: false,
    });
    expect(d.cause).toContain('10 minutes');
    expect(diagnose('unknown')).toMatchObject({ sourceId: null, detail: null, retryable: false });
  });

  it('names the missing binary and how to install it', () => {
    const d = diagnose('ytdlp_missing', { binary: '/opt/yt-dlp/yt-dlp' });
    expect(d.cause).toContain('/opt/yt-dlp/yt-dlp');
    expect(d.fix).toContain('apt-get install yt-dlp');
    expect(d.fix).toContain('ytdlpPath');
    expect(diagnose('ffmpeg_missing', { binary: '/usr/local/bin/ffmpeg' }).cause).toContain('/usr/local/bin/ffmpeg');
  });

  it('states the silent time of a timeout in minutes', () => {
    expect(diagnose('timeout', { seconds: 1800 }).cause).toContain('no output for 30 minutes');
    expect(diagnose('timeout').cause).toContain('a long time');
    // A job silent for half an hour would most likely hang again: not retried automatically.
    expect(diagnose('timeout', { seconds: 1800 }).retryable).toBe(false);
  });

  it('points to the yt-dlp update for an outdated yt-dlp', () => {
    expect(diagnose('ytdlp_outdated').fix).toContain('POST /api/ytdlp/update');
    expect(diagnose('http_429').fix).toContain('sleepRequests');
  });

  it('advises an update only when yt-dlp is out of date; with the newest release, to wait for the next', () => {
    const page = 'ERROR: [youtube] abcdefghijk: Unable to extract yt initial data; please report this issue';
    expect(classifyLine(page, { ytdlpOutdated: true })!.fix).toContain('POST /api/ytdlp/update');
    const newest = classifyLine(page, { ytdlpOutdated: false })!;
    expect(newest.kind).toBe('ytdlp_outdated');
    expect(newest.cause).toContain('after the newest yt-dlp came out');
    expect(newest.fix).toBe(
      'This yt-dlp is already the newest release: wait for the next one (the nightly update installs it and vidkeep checks it before use), then try again.',
    );
    expect(newest.fix).not.toContain('POST /api/ytdlp/update');
    const formats = classifyLine('ERROR: [youtube] abcdefghijk: Requested format is not available', {
      ytdlpOutdated: false,
    })!;
    expect(formats.fix).toContain('already the newest release');
    expect(diagnose('unknown', { ytdlpOutdated: true }).fix).toContain('updating yt-dlp often helps');
    expect(diagnose('unknown', { ytdlpOutdated: false }).fix).toBe(
      'Check whether the video plays in a browser. The detail shows the exact message.',
    );
    expect(diagnose('unknown').fix).toContain('if yt-dlp is out of date, updating it may help');
  });

  it('has plain text for every kind', async () => {
    const { FAILURE_KINDS } = await import('@vidkeep/contracts');
    for (const kind of FAILURE_KINDS) {
      const d = diagnose(kind);
      expect(d.kind).toBe(kind);
      expect(d.cause).toMatch(/^(?:[A-Z]|vidkeep ).{10,}[.]$/);
      expect(d.fix).toMatch(/^(?:[A-Z]|vidkeep ).{10,}[.]$/);
      expect(d.expectedSkip).toBe(['members_only', 'upcoming', 'kept_better_file'].includes(kind));
      expect(d.retryable).toBe(['http_403', 'network'].includes(kind));
    }
    expect(new Set(FAILURE_KINDS.map((kind) => diagnose(kind).cause)).size).toBe(FAILURE_KINDS.length);
  });
});
