import { describe, expect, it } from 'vitest';
import { isSourceDomain, MAX_COOKIES, parseCookieFile, summarizeCookies } from './cookie-file.js';

const HEADER = '# Netscape HTTP Cookie File';
const line = (...fields: string[]) => fields.join('\t');
const file = (...lines: string[]) => [HEADER, ...lines].join('\n');

function cookies(text: string) {
  const r = parseCookieFile(text);
  if (!r.ok) throw new Error(`expected ok, got: ${r.error}`);
  return r.cookies;
}

function problem(text: string) {
  const r = parseCookieFile(text);
  if (r.ok) throw new Error('expected a problem');
  return r;
}

describe('parseCookieFile', () => {
  it('reads a 5 MB file of empty lines as no cookies, and refuses more cookies than a browser holds', () => {
    expect(problem(`${HEADER}\r\n${'\r\n'.repeat(2_500_000)}`)).toMatchObject({
      error: 'The cookie file has the Netscape header but no cookies.',
    });
    const many = Array.from({ length: MAX_COOKIES + 1 }, (_, i) =>
      line('.example.com', 'TRUE', '/', 'FALSE', '0', `c${i}`, 'v'),
    );
    expect(problem(file(...many))).toEqual({
      ok: false,
      error: `The cookie file has more than ${MAX_COOKIES} cookies: export only the platform's cookies.`,
      line: MAX_COOKIES + 2,
    });
  });

  it('reads the seven fields of each cookie line, never the value', () => {
    const [c] = cookies(file(line('.youtube.com', 'TRUE', '/', 'TRUE', '1893456000', 'LOGIN_INFO', 'secret-value')));
    expect(c).toEqual({
      line: 2,
      domain: '.youtube.com',
      includeSubdomains: true,
      path: '/',
      secure: true,
      expires: 1893456000,
      name: 'LOGIN_INFO',
      httpOnly: false,
    });
    expect(JSON.stringify(c)).not.toContain('secret-value');
  });

  it('skips comments and blank lines, reads #HttpOnly_ lines, tolerates a BOM, CRLF and the short header', () => {
    const text = `\uFEFF# HTTP Cookie File\r\n# comment\r\n\r\n#HttpOnly_.youtube.com\tTRUE\t/\tFALSE\t0\tSID\tv\r\n`;
    const [c] = cookies(text);
    expect(c).toMatchObject({ domain: '.youtube.com', httpOnly: true, expires: 0, name: 'SID', line: 4 });
  });

  it('accepts an empty or fractional expiry (session cookie, exporters writing floats) and lower-case flags', () => {
    const list = cookies(
      file(
        line('a.example', 'true', '/', 'false', '', 'x', '1'),
        line('b.example', 'FALSE', '/', 'TRUE', '17.5', 'y', ''),
      ),
    );
    expect(list.map((c) => c.expires)).toEqual([0, 17]);
    expect(list[0]?.includeSubdomains).toBe(true);
  });

  it('refuses a file without the Netscape header on its first line (JSON exports, pasted text)', () => {
    const r = problem('[{"name":"SID","value":"x"}]');
    expect(r.line).toBe(1);
    expect(r.error).toMatch(/first line must be "# Netscape HTTP Cookie File"/);
    expect(problem(`\n${HEADER}\n${line('a', 'TRUE', '/', 'TRUE', '0', 'n', 'v')}`).line).toBe(1);
  });

  it('names the line whose fields are wrong, and suspects spaces for tabs', () => {
    const spaces = problem(
      file(line('.youtube.com', 'TRUE', '/', 'TRUE', '0', 'SID', 'v'), '.youtube.com TRUE / TRUE 0 SAPISID v'),
    );
    expect(spaces.line).toBe(3);
    expect(spaces.error).toMatch(/Line 3 .* 1 tab-separated field instead of 7 \(the tabs may have become spaces/);
    expect(problem(file(line('.x', 'YES', '/', 'TRUE', '0', 'n', 'v'))).error).toMatch(/Line 2 .*field 2/);
    expect(problem(file(line('.x', 'TRUE', '/', 'maybe', '0', 'n', 'v'))).error).toMatch(/field 4/);
    expect(problem(file(line('.x', 'TRUE', '/', 'TRUE', 'soon', 'n', 'v'))).error).toMatch(/field 5/);
    expect(problem(file(line('', 'TRUE', '/', 'TRUE', '0', 'n', 'v'))).error).toMatch(/domain/);
  });

  it('refuses a header without cookies', () => {
    expect(problem(`${HEADER}\n# nothing here\n`).error).toMatch(/no cookies/);
  });
});

describe('summarizeCookies', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const future = String(Math.floor(now.getTime() / 1000) + 86_400 * 30);
  const past = String(Math.floor(now.getTime() / 1000) - 60);

  it('lists domains, counts expired cookies and finds the platform login cookies', () => {
    const s = summarizeCookies(
      cookies(
        file(
          line('.youtube.com', 'TRUE', '/', 'TRUE', future, 'LOGIN_INFO', 'a'),
          line('.youtube.com', 'TRUE', '/', 'TRUE', '0', '__Secure-3PSID', 'b'),
          line('.youtube.com', 'TRUE', '/', 'TRUE', past, 'SAPISID', 'c'),
          line('.google.com', 'TRUE', '/', 'TRUE', future, 'SID', 'd'),
          line('www.youtube.com', 'FALSE', '/', 'FALSE', '0', 'PREF', 'e'),
        ),
      ),
      now,
    );
    expect(s).toEqual({
      cookieCount: 5,
      domains: ['google.com', 'www.youtube.com', 'youtube.com'],
      expiredCount: 1,
      loginCookies: ['LOGIN_INFO', '__Secure-3PSID'],
      loginCookiePresent: true,
      loginExpiresAt: new Date(Number(future) * 1000).toISOString(),
    });
  });

  it('says so when only other sites (or a visitor of the platform) are in the file', () => {
    const s = summarizeCookies(
      cookies(
        file(
          line('.google.com', 'TRUE', '/', 'TRUE', future, 'SID', 'd'),
          line('.youtube.com', 'TRUE', '/', 'TRUE', '0', 'PREF', 'x'),
        ),
      ),
      now,
    );
    expect(s.loginCookiePresent).toBe(false);
    expect(s.loginCookies).toEqual([]);
    expect(s.loginExpiresAt).toBeNull();
  });

  it('matches the platform domain and its subdomains only', () => {
    expect(isSourceDomain('.youtube.com')).toBe(true);
    expect(isSourceDomain('m.youtube.com')).toBe(true);
    expect(isSourceDomain('notyoutube.com')).toBe(false);
    expect(isSourceDomain('youtube.com.evil.example')).toBe(false);
  });
});
