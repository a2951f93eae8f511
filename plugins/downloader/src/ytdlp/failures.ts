/**
 * Turns yt-dlp error output (and failures that have no output line) into a plain-language
 * diagnosis: what happened, what the user can do, and whether it is worth retrying.
 *
 * Pure functions; every regular expression is linear (literal alternations and bounded
 * character runs only), and input is capped before matching.
 */
import type { Diagnosis, FailureKind } from '@vidkeep/contracts';

export interface Classified extends Diagnosis {
  /** Not a failure of the job: members-only, upcoming/premiere/live not started, already in archive. */
  expectedSkip: boolean;
  /** Downloaded again automatically after a pause (see `isTransient`). */
  retryable: boolean;
}

/** Matching never looks at more than this many characters. */
const MAX_INPUT = 4000;
/** `detail` is cut to this length. */
const MAX_DETAIL = 500;

const EXPECTED_SKIP: ReadonlySet<FailureKind> = new Set<FailureKind>(['members_only', 'upcoming', 'kept_better_file']);

/** A 403 on the platform's page or API (not on a media file): a block, not a passing refusal. */
const PAGE_REFUSAL = /unable to download (?:webpage|API page|JSON metadata)/i;

/**
 * Whether a failure is worth downloading the video again after a pause (`downloadAutoRetryCount`):
 * a 403 on a media (format) URL, which the platform's CDN answers for a while and then not, a
 * server error (5xx) and a network failure (reset, refused, timed out). Everything that says
 * something about the video or the account is permanent: private, removed, members-only,
 * geo-blocked, age or bot checks (cookies), a 403 on the page itself, rate limiting (429: retrying
 * soon makes it worse), a full disk, missing tools, and a job stopped for silence or by the user.
 */
export function isTransient(d: Pick<Diagnosis, 'kind' | 'detail'>): boolean {
  if (d.kind === 'network') return true;
  return d.kind === 'http_403' && !PAGE_REFUSAL.test(d.detail ?? '');
}

interface Context {
  cookiesEnabled: boolean;
  binary: string | undefined;
  seconds: number | undefined;
  /** Whether the yt-dlp that ran is older than the newest release (null: not known). */
  ytdlpOutdated: boolean | null;
}

/** What is known of the yt-dlp that ran: the advice says "update" only when it is out of date. */
export interface FreshnessContext {
  ytdlpOutdated?: boolean | null;
}

interface Texts {
  cause: string;
  fix: string;
}

/** Where the user uploads cookies (the UI links this place from every fix that mentions it). */
const COOKIES_PLACE = 'Settings → Cookies';
const UPDATE_HINT =
  'Update yt-dlp from vidkeep (POST /api/ytdlp/update) or with the package manager that installed it, then try again.';
/** When the newest yt-dlp is already in use, updating cannot help yet. */
const NEWEST_HINT =
  'This yt-dlp is already the newest release: wait for the next one (the nightly update installs it and vidkeep checks it before use), then try again.';

/** The update advice, only where an update can help. */
const updateHint = (ctx: Context): string => (ctx.ytdlpOutdated === false ? NEWEST_HINT : UPDATE_HINT);

/** "12 minutes", "45 seconds", "2 hours"; "a long time" when unknown. */
function duration(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return 'a long time';
  if (seconds < 90) {
    const s = Math.round(seconds);
    return `${s} second${s === 1 ? '' : 's'}`;
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours} hours`;
}

function textsFor(kind: FailureKind, ctx: Context): Texts {
  const cookies = ctx.cookiesEnabled;
  switch (kind) {
    case 'bot_check':
      return {
        cause: 'The platform asked for proof that this is not a bot and refused the download.',
        fix: cookies
          ? `The uploaded cookies are probably stale: sign in again in your browser, re-export them, upload them again under ${COOKIES_PLACE} and try again; waiting a few hours also helps.`
          : `Export cookies from a browser where you are signed in and upload them under ${COOKIES_PLACE} (uploading turns cookies on); waiting a few hours also helps.`,
      };
    case 'private':
      return {
        cause: 'The video is private.',
        fix: cookies
          ? `Only accounts the uploader invited can watch it. If yours is one of them, re-export the cookies from a browser signed in to that account and upload them again under ${COOKIES_PLACE}.`
          : `Only accounts the uploader invited can watch it. If yours is one of them, upload cookies from a browser signed in to that account under ${COOKIES_PLACE}.`,
      };
    case 'members_only':
      return {
        cause: 'The video is only for paying members of the channel, so it was skipped.',
        fix: cookies
          ? 'Nothing to do. If you are a member, make sure the uploaded cookies come from that account and are recent.'
          : `Nothing to do. If you are a member, upload cookies from a browser signed in to that account under ${COOKIES_PLACE}.`,
      };
    case 'removed':
      return {
        cause: 'The video was removed from the platform, or its channel was terminated.',
        fix: 'Nothing can be done: it can no longer be downloaded.',
      };
    case 'unavailable':
      return {
        cause: 'The platform says the video is unavailable.',
        fix: 'Check whether the video still plays in a browser; if it does, try again later.',
      };
    case 'geo_blocked':
      return {
        cause: "The uploader has not made the video available in this server's country.",
        fix: 'Set a proxy located in another country in Settings, or skip this video.',
      };
    case 'age_restricted':
      return {
        cause: 'The video is age-restricted: the platform only shows it to signed-in adults.',
        fix: cookies
          ? `The uploaded cookies were not accepted: re-export them from a browser signed in to an account whose age is confirmed and upload them again under ${COOKIES_PLACE}.`
          : `Export cookies from a browser signed in to an account whose age is confirmed and upload them under ${COOKIES_PLACE}.`,
      };
    case 'upcoming':
      return {
        cause: 'The video is a premiere or live stream that has not started yet, so it was skipped.',
        fix: 'Nothing to do: download it again after it has aired.',
      };
    case 'http_403':
      return {
        cause: 'The platform refused the download (HTTP 403 Forbidden); this is often temporary.',
        fix: cookies
          ? 'Try again later. If it keeps happening, re-export the cookies (they may be stale) and update yt-dlp.'
          : `Try again later. If it keeps happening, update yt-dlp, or upload cookies from a signed-in browser under ${COOKIES_PLACE}.`,
      };
    case 'http_429':
      return {
        cause: 'The platform is limiting this server because it made too many requests (HTTP 429).',
        fix: 'Wait an hour or so before downloading more, run fewer jobs at once, or raise sleepRequests in Settings to slow down.',
      };
    case 'network':
      return {
        cause: 'A network problem interrupted the connection to the platform.',
        fix: "Check the server's internet connection, DNS and proxy settings, then try again.",
      };
    case 'disk_full':
      return {
        cause: 'The disk is full, so the file could not be written.',
        fix: 'Free up space on the download drive (and the temporary folder), then try again.',
      };
    case 'output_not_writable':
      return {
        cause: 'vidkeep is not allowed to write to the download folder.',
        fix: 'Check that the output folder exists, is mounted read-write and belongs to (or is writable by) the user vidkeep runs as.',
      };
    case 'ytdlp_missing': {
      const name = ctx.binary ? `"${ctx.binary}"` : 'yt-dlp';
      return {
        cause: `The download program ${name} was not found, so nothing could be downloaded.`,
        fix: 'Install yt-dlp (Debian/Ubuntu: apt-get install yt-dlp, or the latest release from github.com/yt-dlp/yt-dlp) or set ytdlpPath in Settings to the full path of the program.',
      };
    }
    case 'ffmpeg_missing': {
      const name = ctx.binary ? `"${ctx.binary}"` : 'ffmpeg';
      return {
        cause: `The program ${name} was not found; it is needed to join video and audio and to convert files.`,
        fix: 'Install ffmpeg (Debian/Ubuntu: apt-get install ffmpeg) or set ffmpegPath and ffprobePath in Settings to the full paths of the programs.',
      };
    }
    case 'ytdlp_outdated':
      return {
        cause:
          ctx.ytdlpOutdated === false
            ? 'The platform’s page could not be read; the platform probably changed after the newest yt-dlp came out.'
            : 'The platform’s page could not be read; the platform probably changed and yt-dlp needs an update.',
        fix: updateHint(ctx),
      };
    case 'timeout':
      return {
        cause: `The download was stopped because yt-dlp gave no output for ${duration(ctx.seconds)}.`,
        fix: 'Try again later; if very large files or slow conversions are expected, raise inactivityTimeoutMinutes in Settings.',
      };
    case 'stalled':
      return {
        cause: `The download made no progress for ${duration(ctx.seconds)}, so it was stopped.`,
        fix: "Try again later; if it keeps happening, check the server's network connection.",
      };
    case 'cancelled':
      return {
        cause: 'The download was cancelled before it finished.',
        fix: 'Nothing to do; queue it again if you still want it.',
      };
    case 'interrupted':
      return {
        cause: 'The download was interrupted because vidkeep stopped or restarted while it ran.',
        fix: 'Queue the download again.',
      };
    case 'kept_better_file':
      return {
        cause:
          'The new download had a lower resolution than the file already in the library, so the library file was kept and the new one discarded.',
        fix: 'Nothing to do. To replace the file anyway, download it again and allow a lower resolution.',
      };
    case 'postprocess':
      return {
        cause: 'The video was downloaded, but finishing the file (joining, converting or tagging with ffmpeg) failed.',
        fix: 'Check that ffmpeg works and that there is free disk space, then try again; the detail shows the message.',
      };
    case 'unknown':
      return {
        cause: 'The download failed with an error that vidkeep does not recognise.',
        fix:
          ctx.ytdlpOutdated === true
            ? 'Check whether the video plays in a browser; updating yt-dlp often helps. The detail shows the exact message.'
            : ctx.ytdlpOutdated === false
              ? 'Check whether the video plays in a browser. The detail shows the exact message.'
              : 'Check whether the video plays in a browser; if yt-dlp is out of date, updating it may help. The detail shows the exact message.',
      };
  }
}

function build(kind: FailureKind, texts: Texts, sourceId: string | null, detail: string | null): Classified {
  return {
    kind,
    cause: texts.cause,
    fix: texts.fix,
    sourceId,
    detail,
    expectedSkip: EXPECTED_SKIP.has(kind),
    retryable: isTransient({ kind, detail }),
  };
}

function truncateDetail(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (trimmed.length <= MAX_DETAIL) return trimmed;
  let cut = trimmed.slice(0, MAX_DETAIL - 1);
  // Do not leave half of a surrogate pair at the end.
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}

interface Rule {
  kind: FailureKind;
  re: RegExp;
  /** Replaces the kind's standard wording when the message says more than the kind. */
  texts?: (ctx: Context) => Texts;
}

/** Apostrophe: ASCII or typographic. */
const AP = "['’]";

/** Checked in order; the first match wins. */
const RULES: readonly Rule[] = [
  // Bot check first: its hint also says "Sign in", like the private and age texts.
  {
    kind: 'bot_check',
    re: new RegExp(
      `confirm (?:that )?you(?:${AP}re| are) not a bot|captcha challenge|your IP is likely being blocked|not a bot\\. Use --cookies`,
      'i',
    ),
  },
  { kind: 'age_restricted', re: /sign in to confirm your age|age[ -]restricted|inappropriate for some users/i },
  // Rate limiting before "unavailable" ("This content isn't available ... rate-limited") and network.
  { kind: 'http_429', re: /HTTP Error 429|too many requests|rate[ -]limited/i },
  {
    kind: 'members_only',
    re: new RegExp(
      `members[ -]only|available to this channel${AP}s members|join this channel to get access|subscriber_only`,
      'i',
    ),
  },
  { kind: 'private', re: /private video|this video is private/i },
  {
    kind: 'upcoming',
    re: /live event will begin|will begin in|premieres in|premiere|pre-release|not yet available|release time[^\n]{0,120}not known|this live event(?! has ended)/i,
  },
  {
    kind: 'geo_blocked',
    re: /not made this video available in your country|geo[ -]?restrict|not available in your country/i,
  },
  {
    kind: 'removed',
    re: /has been removed|account[^\n]{0,200}terminated|channel was removed|this video is no longer available/i,
  },
  {
    kind: 'unavailable',
    re: /video unavailable|video is unavailable|this video is not available|content isn.t available/i,
  },
  { kind: 'http_403', re: /HTTP Error 403|403: Forbidden|403 Forbidden/i },
  { kind: 'disk_full', re: /no space left on device|ENOSPC|Errno 28\b|disk quota exceeded/i },
  { kind: 'output_not_writable', re: /permission denied|read-only file system|EACCES|EROFS|Errno 13\b|Errno 30\b/i },
  {
    kind: 'ffmpeg_missing',
    re: /ffmpeg not found|ffprobe\/avprobe and ffmpeg\/avconv not found|ffprobe and ffmpeg not found|ffmpeg is not installed|ffmpeg[^\n]{0,40}not found/i,
  },
  // A network cause before the update advice: yt-dlp appends "please report this issue ...
  // confirm you are on the latest version" to a page that timed out as well.
  {
    kind: 'network',
    re: /timed out|connection reset|connection refused|connection aborted|remote end closed connection|name or service not known|temporary failure in name resolution|failed to resolve|getaddrinfo failed|network is unreachable|no route to host/i,
  },
  {
    kind: 'ytdlp_outdated',
    re: /unable to extract|signature extraction failed|nsig extraction failed|n challenge solving failed|please report this issue|confirm you are on the latest version/i,
  },
  {
    kind: 'ytdlp_outdated',
    re: /requested format is not available/i,
    texts: (ctx) => ({
      cause:
        'None of the video’s formats could be used; usually the platform changed and yt-dlp needs an update, or a format option in the custom arguments matches nothing.',
      fix: `${updateHint(ctx)} If you set a format in the custom yt-dlp arguments, check it.`,
    }),
  },
  {
    kind: 'unknown',
    re: /unsupported URL|is not a valid URL/i,
    texts: () => ({
      cause: 'The address is not a video, channel or playlist page that yt-dlp can download.',
      fix: 'Check the URL: copy it again from the browser address bar of the video, channel or playlist page.',
    }),
  },
  {
    kind: 'network',
    re: /HTTP Error 5\d\d|\b5\d\d: (?:Internal Server Error|Bad Gateway|Service Unavailable|Gateway Time-?out)/i,
    texts: () => ({
      cause: "The platform's server answered with an error (HTTP 5xx); this is almost always temporary.",
      fix: 'Nothing to do: vidkeep downloads it again after a pause (downloadAutoRetryCount). If it keeps failing, try again later.',
    }),
  },
  {
    kind: 'network',
    re: /unable to download (?:webpage|API page|JSON metadata|video data)|giving up after|IncompleteRead|\[SSL/i,
  },
  { kind: 'postprocess', re: /postprocessing:|conversion failed|ffmpeg exited with code/i },
  { kind: 'cancelled', re: /interrupted by user/i },
];

const ERROR_MARK = 'ERROR:';
/**
 * `[extractor] <id>: message`, the shape of an extractor error without its `ERROR: ` prefix.
 * Extractor names start with a lower-case letter; post-processor names (`[Merger]`,
 * `[EmbedThumbnail] ffmpeg: Adding thumbnail to "<title>"`) do not.
 */
const EXTRACTOR_MESSAGE = /^\[[a-z][A-Za-z0-9:_.+-]{0,39}\][ \t]{1,4}[^\s:\]]{1,100}: /;
/** Brackets that only ever carry progress, debug output and file names, never errors. */
const CHATTER_BRACKET = /^\[(?:download|info|debug)\]/;
/**
 * `[extractor] <id>: ` after an optional `ERROR: `. Removed before matching, because ids can be
 * slugs made of title words (`[generic] my-premiere-night: ...`).
 */
const EXTRACTOR_PREFIX = /^((?:ERROR:[ \t]{0,4})?)\[[A-Za-z0-9:_.+-]{1,40}\][ \t]{1,4}[^\s:]{1,100}:[ \t]?/;

/**
 * The lines of `text` that may describe an error: `ERROR:` lines, and bare messages.
 * WARNING lines and bracketed progress/status lines (`[download] ...`, `[Merger] Merging formats
 * into "<title>"`, which carry video titles) are dropped; a bracketed line is kept only when it has
 * the extractor-error shape `[extractor] <id>: message`.
 */
function relevantLines(text: string): { lines: string[]; hasError: boolean } {
  const lines: string[] = [];
  let hasError = false;
  let total = 0;
  // Lines are cut to MAX_INPUT below; this only bounds the splitting of huge joined inputs.
  for (const raw of text.slice(0, 16 * MAX_INPUT).split(/[\r\n]+/)) {
    const line = raw.trim().slice(0, MAX_INPUT);
    if (line === '' || line.startsWith('WARNING:')) continue;
    if (line.startsWith('[')) {
      if (CHATTER_BRACKET.test(line) || !EXTRACTOR_MESSAGE.test(line)) continue;
    } else if (line.includes(ERROR_MARK)) {
      hasError = true;
    }
    lines.push(line);
    total += line.length + 1;
    if (total >= MAX_INPUT) break;
  }
  return { lines, hasError };
}

/** Classifies one yt-dlp stderr/stdout line (or several lines joined). Returns null for lines that are not errors (WARNING lines, progress, empty). */
export function classifyLine(line: string, opts?: { cookiesEnabled?: boolean } & FreshnessContext): Classified | null {
  if (typeof line !== 'string' || line === '') return null;
  const { lines, hasError } = relevantLines(line);
  if (lines.length === 0) return null;
  const text = lines.join('\n').slice(0, MAX_INPUT);
  const message = lines
    .map((l) => l.replace(EXTRACTOR_PREFIX, '$1'))
    .join('\n')
    .slice(0, MAX_INPUT);
  const ctx: Context = {
    cookiesEnabled: opts?.cookiesEnabled === true,
    binary: undefined,
    seconds: undefined,
    ytdlpOutdated: opts?.ytdlpOutdated ?? null,
  };
  const rule = RULES.find((r) => r.re.test(message));
  if (!rule && !hasError) return null;
  const kind: FailureKind = rule ? rule.kind : 'unknown';
  const texts = rule?.texts ? rule.texts(ctx) : textsFor(kind, ctx);
  return build(kind, texts, videoIdOfErrorLine(text), truncateDetail(text));
}

/** Diagnosis for failures that do not come from an output line. */
export function diagnose(
  kind: FailureKind,
  opts?: {
    sourceId?: string | null;
    detail?: string | null;
    cookiesEnabled?: boolean;
    binary?: string;
    seconds?: number;
  } & FreshnessContext,
): Classified {
  const ctx: Context = {
    cookiesEnabled: opts?.cookiesEnabled === true,
    binary: opts?.binary || undefined,
    seconds: opts?.seconds,
    ytdlpOutdated: opts?.ytdlpOutdated ?? null,
  };
  const detail = typeof opts?.detail === 'string' ? truncateDetail(opts.detail) : null;
  return build(kind, textsFor(kind, ctx), opts?.sourceId ?? null, detail);
}

/** The public part of a classification: what is stored on the job and shown to users. */
export function toDiagnosis(c: Diagnosis | Classified, sourceId?: string | null): Diagnosis {
  const { expectedSkip: _s, retryable: _r, ...d } = c as Classified;
  return sourceId === undefined ? d : { ...d, sourceId };
}

/** `ERROR: [extractor] <11-character id>:` at the start of a line (the `ERROR: ` prefix is optional). */
const VIDEO_ID = /(?:^|ERROR:[ \t]{0,4})\[[A-Za-z0-9:_.+-]{1,40}\][ \t]{1,4}([A-Za-z0-9_-]{11}):/m;

/** The video id of an `ERROR: [youtube] <id>: ...` line (any `[extractor]` name; ids [A-Za-z0-9_-]{11}); null when absent (e.g. `ERROR: unable to download video data: ...`). */
export function videoIdOfErrorLine(line: string): string | null {
  if (typeof line !== 'string') return null;
  const m = VIDEO_ID.exec(line.slice(0, MAX_INPUT));
  return m ? (m[1] ?? null) : null;
}

/** `[youtube:tab] UC<22 characters>: <message up to the end of the line>`. */
const CHANNEL_ERROR = /\[[A-Za-z0-9:_.+-]{1,40}\][ \t]{1,4}(UC[A-Za-z0-9_-]{22}):([^\n]{0,1000})/;
const TERMINATED = /terminated|channel was removed because it violated|channel has been removed/i;

/** The channel id of a terminated-channel error (`[youtube:tab] UC...: ...`), else null. */
export function terminatedChannelOf(line: string): string | null {
  if (typeof line !== 'string') return null;
  const m = CHANNEL_ERROR.exec(line.slice(0, MAX_INPUT));
  if (!m || !TERMINATED.test(m[2] ?? '')) return null;
  return m[1] ?? null;
}
