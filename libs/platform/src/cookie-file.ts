/**
 * The Netscape cookie file (`cookies.txt`) that yt-dlp reads with `--cookies`: the one check of
 * its format, shared by the downloader (the uploaded cookies in Settings) and the channels plugin
 * (the cookies a subscription import reads the platform's subscriptions feed with). Pure: it takes
 * the text and never keeps or returns a cookie's value.
 *
 * The format, as yt-dlp reads it (`YoutubeDLCookieJar`, Python's `MozillaCookieJar`): the first
 * line is `# Netscape HTTP Cookie File` or `# HTTP Cookie File`; then one cookie per line as seven
 * tab-separated fields `domain  includeSubdomains  path  secure  expires  name  value`
 * (TRUE/FALSE flags, expiry in Unix seconds, 0 for a session cookie); `#HttpOnly_` in front of the
 * domain marks an HttpOnly cookie; other lines starting with `#`, and blank lines, are comments.
 */

/** One cookie of the file, without its value. */
export interface CookieEntry {
  /** 1-based line in the file. */
  line: number;
  /** As written, e.g. `.youtube.com`. */
  domain: string;
  includeSubdomains: boolean;
  path: string;
  secure: boolean;
  /** Unix seconds; 0 = a session cookie (no expiry). */
  expires: number;
  name: string;
  httpOnly: boolean;
}

export type CookieFileResult =
  | { ok: true; cookies: CookieEntry[] }
  | { ok: false; error: string; /** 1-based line of the problem, when it is one line. */ line: number | null };

/** What yt-dlp accepts as the first line (its `NETSCAPE_MAGIC_RGX`). */
const HEADER = /^#( Netscape)? HTTP Cookie File/;
const HTTP_ONLY = '#HttpOnly_';
const FLAG = /^(TRUE|FALSE)$/i;
const EXPIRES = /^(\d{1,12})(\.\d*)?$/;

/** The header line a file must start with, in the words the messages use. */
export const COOKIE_FILE_HEADER = '# Netscape HTTP Cookie File';

/**
 * The platform's cookie domain and the cookies a signed-in browser has on it: `LOGIN_INFO` is the
 * platform's own login cookie; `SID`, `__Secure-1PSID`/`__Secure-3PSID` are the account session
 * and `SAPISID`/`__Secure-3PAPISID` the one yt-dlp signs its authenticated requests with (its
 * `is_authenticated`). Any one of them on the platform's domain means the export came from a
 * signed-in browser; none means yt-dlp will be treated as a visitor.
 */
export const SOURCE_COOKIE_DOMAIN = 'youtube.com';
export const SOURCE_LOGIN_COOKIES: readonly string[] = [
  'LOGIN_INFO',
  'SID',
  '__Secure-1PSID',
  '__Secure-3PSID',
  'SAPISID',
  '__Secure-1PAPISID',
  '__Secure-3PAPISID',
];

function flag(value: string): boolean {
  return value.toUpperCase() === 'TRUE';
}

/** Far more cookies than a browser holds for a site: a file past it is refused, not read on. */
export const MAX_COOKIES = 20_000;

/**
 * The lines of a text one at a time (`\n` or `\r\n`), numbered from 1: a file of millions of
 * empty lines is scanned, never split into millions of strings at once (issue 31).
 */
function* linesOf(text: string): Generator<{ text: string; line: number }> {
  let start = 0;
  let line = 1;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const stop = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    yield { text: text.slice(start, stop), line };
    start = end + 1;
    line += 1;
  }
}

/** Checks and reads a cookie file; the first problem found is the answer (with its line). */
export function parseCookieFile(text: string): CookieFileResult {
  const lines = linesOf(text.replace(/^\uFEFF/, ''));
  const first = lines.next();
  if (!HEADER.test(first.done ? '' : first.value.text)) {
    return {
      ok: false,
      error: `This is not a Netscape cookie file: its first line must be "${COOKIE_FILE_HEADER}". Export the cookies with a "cookies.txt" browser extension (Netscape format), not as JSON.`,
      line: 1,
    };
  }
  const cookies: CookieEntry[] = [];
  for (const { text: raw, line } of lines) {
    let body = raw;
    let httpOnly = false;
    if (body.startsWith(HTTP_ONLY)) {
      body = body.slice(HTTP_ONLY.length);
      httpOnly = true;
    } else if (body.trim() === '' || body.trimStart().startsWith('#')) {
      continue;
    }
    const fields = body.split('\t');
    if (fields.length !== 7) {
      const spaces = fields.length === 1 && /\S\s+\S/.test(body);
      return {
        ok: false,
        error: `Line ${line} is not a cookie: it has ${fields.length} tab-separated field${fields.length === 1 ? '' : 's'} instead of 7${spaces ? ' (the tabs may have become spaces when the file was copied)' : ''}.`,
        line,
      };
    }
    const [domain, sub, path, secure, expires, name] = fields as [string, string, string, string, string, string];
    const problem =
      domain.trim() === '' || /\s/.test(domain)
        ? 'its domain (field 1) is empty or has spaces'
        : !FLAG.test(sub)
          ? 'field 2 (include subdomains) must be TRUE or FALSE'
          : !FLAG.test(secure)
            ? 'field 4 (secure) must be TRUE or FALSE'
            : expires !== '' && !EXPIRES.test(expires)
              ? 'field 5 (expiry) must be a number of seconds, or 0 for a session cookie'
              : null;
    if (problem) return { ok: false, error: `Line ${line} is not a valid cookie: ${problem}.`, line };
    if (cookies.length === MAX_COOKIES) {
      return {
        ok: false,
        error: `The cookie file has more than ${MAX_COOKIES} cookies: export only the platform's cookies.`,
        line,
      };
    }
    cookies.push({
      line,
      domain,
      includeSubdomains: flag(sub),
      path,
      secure: flag(secure),
      expires: expires === '' ? 0 : Math.floor(Number(expires)),
      name,
      httpOnly,
    });
  }
  if (cookies.length === 0) {
    return { ok: false, error: 'The cookie file has the Netscape header but no cookies.', line: null };
  }
  return { ok: true, cookies };
}

/** Whether a cookie's domain is the platform's (or one of its subdomains). */
export function isSourceDomain(domain: string): boolean {
  const d = domain.toLowerCase().replace(/^\./, '');
  return d === SOURCE_COOKIE_DOMAIN || d.endsWith(`.${SOURCE_COOKIE_DOMAIN}`);
}

/** What the status of a cookie file tells, without any value. */
export interface CookieFileSummary {
  cookieCount: number;
  /** Every domain with a cookie, without the leading dot, sorted. */
  domains: string[];
  /** Cookies whose expiry has passed (yt-dlp ignores them). */
  expiredCount: number;
  /** The platform's login cookies present and not expired (names only). */
  loginCookies: string[];
  /** At least one of them: the file comes from a signed-in browser. */
  loginCookiePresent: boolean;
  /** The earliest expiry of those login cookies (session cookies have none), or null. */
  loginExpiresAt: string | null;
}

export function summarizeCookies(cookies: readonly CookieEntry[], now: Date): CookieFileSummary {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expired = (c: CookieEntry) => c.expires !== 0 && c.expires < nowSeconds;
  const login = cookies.filter((c) => isSourceDomain(c.domain) && SOURCE_LOGIN_COOKIES.includes(c.name) && !expired(c));
  const expiries = login.map((c) => c.expires).filter((e) => e > 0);
  return {
    cookieCount: cookies.length,
    domains: [...new Set(cookies.map((c) => c.domain.toLowerCase().replace(/^\./, '')))].sort(),
    expiredCount: cookies.filter(expired).length,
    loginCookies: [...new Set(login.map((c) => c.name))].sort(),
    loginCookiePresent: login.length > 0,
    loginExpiresAt: expiries.length > 0 ? new Date(Math.min(...expiries) * 1000).toISOString() : null,
  };
}
