import { provideHttpClient, withInterceptors } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { Api, ApiError } from './api';
import { AUTH_DISABLED_TOKEN, Auth, authInterceptor } from './auth';

describe('Auth and the auth interceptor', () => {
  let http: HttpTestingController;
  let api: Api;
  let auth: Auth;
  let navigate: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.clear();
    navigate = vi.fn().mockResolvedValue(true);
    TestBed.configureTestingModule({
      providers: [
        provideHttpClient(withInterceptors([authInterceptor])),
        provideHttpClientTesting(),
        { provide: Router, useValue: { navigate } },
      ],
    });
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
    const call = api.get('/api/videos');
    const req = http.expectOne('/api/videos');
    expect(req.request.headers.get('x-access-token')).toBe('tok-1');
    req.flush({ videos: [] });
    await call;
  });

  it('returns to login when the server says the session is gone', async () => {
    await signIn();
    const call = api.get('/api/videos');
    http
      .expectOne('/api/videos')
      .flush({ error: 'Session expired', code: 'AUTH_INVALID_TOKEN' }, { status: 401, statusText: 'Unauthorized' });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(auth.signedIn()).toBe(false);
    expect(localStorage.getItem('vidkeep.token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith(['/login']);
  });

  it('stays signed in on a 401 that is about the request, e.g. a wrong current password', async () => {
    await signIn();
    const call = api.post('/auth/change-password', { currentPassword: 'nope', newPassword: 'abcdefgh1' });
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
    const call = api.get('/api/videos');
    http.expectOne('/api/videos').error(new ProgressEvent('error'), { status: 0 });
    await expect(call).rejects.toMatchObject({
      status: 0,
      message: 'The server cannot be reached. Is vidkeep running?',
    });
  });
});
