/**
 * Turns yt-dlp error output (and failures that have no output line) into a plain-language
 * diagnosis: what happened, what the user can do, and whether it is worth retrying.
 *
 * Pure functions; every regular expression is linear (literal alternations and bounded
 * character runs only), and input is capped before matching.
 */
import type { Diagnosis, FailureKind } from '@vidkeep/contracts';
import { textsFor, updateHint, type FailureContext, type Texts } from './failure-texts.js';

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

/** What is known of the yt-dlp that ran: the advice says "update" only when it is out of date. */
export interface FreshnessContext {
  ytdlpOutdated?: boolean | null;
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
  texts?: (ctx: FailureContext) => Texts;
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
  const ctx: FailureContext = {
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
  const ctx: FailureContext = {
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
