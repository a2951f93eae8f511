import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { chooseFile } from '../../../testing/files';
import { cookieStatus } from '../../../testing/fixtures/settings';
import { settle } from '../../../testing/settle';
import type { CookieStatus } from './contracts';
import { CookiesCard, cookieState } from './cookies-card';

const noCookies = cookieStatus;

const uploaded = (extra: Partial<CookieStatus> = {}): CookieStatus =>
  noCookies({
    cookiesEnabled: true,
    customCookiesUploaded: true,
    customFileExists: true,
    inUse: true,
    sizeBytes: 2300,
    uploadedAt: '2026-11-20T10:00:00.000Z',
    valid: true,
    cookieCount: 12,
    domains: ['google.com', 'youtube.com'],
    expiredCount: 1,
    loginCookiePresent: true,
    loginCookies: ['LOGIN_INFO', 'SID'],
    loginExpiresAt: '2027-05-01T00:00:00.000Z',
    ...extra,
  });

describe('CookiesCard', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<CookiesCard>;
  let status: CookieStatus;
  const text = (id: string) => dom(fixture).text(`[data-testid="${id}"]`);
  const q = (id: string) => dom(fixture).one(`[data-testid="${id}"]`);

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    status = noCookies();
    api
      .on('GET', '/api/cookies/status', () => status)
      .on('POST', '/api/cookies/upload', () => {
        status = uploaded();
        return { status: 'success', message: 'Cookies uploaded and turned on (12 cookies).', cookieStatus: status };
      })
      .on('DELETE', '/api/cookies', () => {
        status = noCookies({ cookiesEnabled: true });
        return { status: 'success', message: 'The cookie file was deleted.', cookieStatus: status };
      });
    fixture = TestBed.createComponent(CookiesCard);
    await settle(fixture);
  });
  afterEach(() => vi.useRealTimers());

  it('says when there is no cookie file, and offers no delete', () => {
    expect(text('cookies-state')).toBe('No cookie file');
    expect(q('cookies-facts')).toBeNull();
    expect(q('cookies-delete')).toBeNull();
  });

  it('uploads a chosen file as the form field cookieFile, then shows what it holds and tells the page', async () => {
    const changed = vi.fn();
    fixture.componentInstance.changed.subscribe(changed);
    const file = new File(['# Netscape HTTP Cookie File\n'], 'cookies.txt', { type: 'text/plain' });
    chooseFile(fixture, 'cookies-drop', file);
    await settle(fixture);
    const [call] = api.callsTo('POST', '/api/cookies/upload');
    expect((call?.body as FormData).get('cookieFile')).toBeInstanceOf(File);
    expect(((call?.body as FormData).get('cookieFile') as File).name).toBe('cookies.txt');
    expect(text('cookies-message')).toBe('Cookies uploaded and turned on (12 cookies).');
    expect(text('cookies-state')).toBe('In use');
    expect(text('cookies-signed-in')).toBe('Signed in (LOGIN_INFO, SID)');
    expect(text('cookies-count')).toBe('12 (1 expired)');
    expect(text('cookies-domains')).toBe('google.com, youtube.com');
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('takes a dropped file too, and refuses one over 5 MB without sending it', async () => {
    const host = q('cookies-drop')!;
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.txt');
    const drop = (file: File) => {
      const event = new Event('drop', { bubbles: true, cancelable: true }) as Event & { dataTransfer: unknown };
      Object.defineProperty(event, 'dataTransfer', { value: { files: [file] } });
      host.dispatchEvent(event);
    };
    drop(big);
    await settle(fixture);
    expect(text('cookies-drop-error')).toBe('huge.txt is 5.2 MB: the limit is 5.2 MB.');
    expect(api.callsTo('POST', '/api/cookies/upload')).toHaveLength(0);
    drop(new File(['# Netscape HTTP Cookie File\n'], 'cookies.txt'));
    await settle(fixture);
    expect(api.callsTo('POST', '/api/cookies/upload')).toHaveLength(1);
    expect(q('cookies-drop-error')).toBeNull();
  });

  it("shows the server's refusal where the upload happened", async () => {
    api.on('POST', '/api/cookies/upload', () => {
      throw new ApiError(
        400,
        'Line 3 is not a cookie: it has 1 tab-separated field instead of 7.',
        'DOWNLOAD_COOKIES_INVALID',
      );
    });
    chooseFile(fixture, 'cookies-drop', new File(['x'], 'bad.txt'));
    await settle(fixture);
    expect(text('cookies-error')).toBe(
      'Not uploaded: Line 3 is not a cookie: it has 1 tab-separated field instead of 7.',
    );
    expect(text('cookies-state')).toBe('No cookie file');
  });

  it('warns when the file has no login cookies, or cookies are switched off', async () => {
    status = uploaded({ loginCookiePresent: false, loginCookies: [] });
    void fixture.componentInstance.load();
    await settle(fixture);
    expect(text('cookies-signed-in')).toBe('No login cookies: yt-dlp will not be signed in');
    expect(cookieState(uploaded({ cookiesEnabled: false, inUse: false })).text).toBe('Uploaded, but cookies are off');
    expect(cookieState(uploaded({ valid: false })).text).toBe('Not a cookie file');
  });

  it('deletes the file after a confirmation', async () => {
    status = uploaded();
    void fixture.componentInstance.load();
    await settle(fixture);
    dom(fixture).click('[data-testid="cookies-delete"]');
    await settle(fixture);
    dom(fixture).click('[data-testid="cookies-delete-confirm"]');
    await settle(fixture);
    expect(api.callsTo('DELETE', '/api/cookies')).toHaveLength(1);
    expect(text('cookies-message')).toBe('The cookie file was deleted.');
    expect(text('cookies-state')).toBe('No cookie file');
  });
});
