import { provideHttpClient, withInterceptors } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';
import { Api, ApiError } from './api';
import { AUTH_DISABLED_TOKEN, Auth, authInterceptor, returnTarget } from './auth';

describe('Auth and the auth interceptor', () => {
  let http: HttpTestingController;
  let api: Api;
  let auth: Auth;
  let router: Router;
  let navigate: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    localStorage.clear();
    TestBed.configureTestingModule({
      providers: [
        provideHttpClient(withInterceptors([authInterceptor])),
        provideHttpClientTesting(),
        provideRouter([]),
      ],
    });
    router = TestBed.inject(Router);
    navigate = vi.spyOn(router, 'navigateByUrl').mockResolvedValue(true);
    http = TestBed.inject(HttpTestingController);
    api = TestBed.inject(Api);
    auth = TestBed.inject(Auth);
  });

  afterEach(() => http.verify());

  async function signIn(): Promise<void> {
    const done = auth.login('admin', 'correct horse');
    http.expectOne('/auth/login').flush({ token: 'tok-1', expires: '2026-12-01T00:00:00.000Z', username: 'admin' });
    await done;
  }

  it('sends the session token and keeps it across reloads', async () => {
    await signIn();
    expect(localStorage.getItem('vidkeep.token')).toBe('tok-1');
    const call = api.call('GET /api/videos');
    const req = http.expectOne('/api/videos');
    expect(req.request.headers.get('x-access-token')).toBe('tok-1');
    req.flush({ videos: [] });
    await call;
  });

  it('returns to login when the server says the session is gone, remembering the page to come back to', async () => {
    await signIn();
    vi.spyOn(router, 'url', 'get').mockReturnValue('/library?page=2');
    const call = api.call('GET /api/videos');
    http
      .expectOne('/api/videos')
      .flush({ error: 'Session expired', code: 'AUTH_INVALID_TOKEN' }, { status: 401, statusText: 'Unauthorized' });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(auth.signedIn()).toBe(false);
    expect(localStorage.getItem('vidkeep.token')).toBeNull();
    expect(String(navigate.mock.calls[0]?.[0])).toBe('/login?returnUrl=%2Flibrary%3Fpage%3D2');
  });

  it('stays signed in on a 401 that is about the request, e.g. a wrong current password', async () => {
    await signIn();
    const call = api.call('POST /auth/change-password', {
      body: { currentPassword: 'nope', newPassword: 'abcdefgh1' },
    });
    http
      .expectOne('/auth/change-password')
      .flush(
        { error: 'The current password is wrong', code: 'AUTH_WRONG_PASSWORD' },
        { status: 401, statusText: 'Unauthorized' },
      );
    const err = await call.catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, code: 'AUTH_WRONG_PASSWORD', message: 'The current password is wrong' });
    expect(auth.signedIn()).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs in by itself and never signs out when authentication is disabled', async () => {
    const status = auth.setupStatus();
    http
      .expectOne('/setup/status')
      .flush({ requiresSetup: false, isLocalhost: true, platformManaged: true, message: null });
    await status;
    expect(auth.authEnabled()).toBe(false);
    expect(auth.token()).toBe(AUTH_DISABLED_TOKEN);
    await auth.logout();
    expect(auth.signedIn()).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('explains an unreachable server in words', async () => {
    const call = api.call('GET /api/videos');
    http.expectOne('/api/videos').error(new ProgressEvent('error'), { status: 0 });
    await expect(call).rejects.toMatchObject({
      status: 0,
      message: 'The server cannot be reached. Is vidkeep running?',
    });
  });

  it('returns after sign-in only to pages of this app, never to another site or the sign-in pages', () => {
    expect(returnTarget('/channels/UC123?tab=shorts')).toBe('/channels/UC123?tab=shorts');
    expect(returnTarget(null)).toBe('/downloads');
    expect(returnTarget('https://evil.example/')).toBe('/downloads');
    expect(returnTarget('//evil.example/x')).toBe('/downloads');
    expect(returnTarget('/\\evil.example')).toBe('/downloads');
    expect(returnTarget('/login?returnUrl=%2Flibrary')).toBe('/downloads');
    expect(returnTarget('/setup')).toBe('/downloads');
    expect(returnTarget('/loginsomething')).toBe('/loginsomething');
  });
});
