import { HttpInterceptorFn } from '@angular/common/http';
import { Injectable, computed, inject, signal } from '@angular/core';
import { CanActivateFn, Router, UrlTree } from '@angular/router';
import { catchError, throwError } from 'rxjs';
import type { ErrorCode, SetupStatusResponse } from '@vidkeep/contracts';
import { AuthApi } from './auth-api';

const TOKEN_KEY = 'vidkeep.token';
const USER_KEY = 'vidkeep.username';
/** The token the UI uses when the server has authentication turned off (spec 5, rule 7). */
export const AUTH_DISABLED_TOKEN = 'auth-disabled';

export type SetupStatus = SetupStatusResponse;

/** Session state: the token, who is signed in, and whether the server wants logins at all. */
@Injectable({ providedIn: 'root' })
export class Auth {
  private readonly api = inject(AuthApi);
  private readonly router = inject(Router);
  readonly token = signal<string | null>(localStorage.getItem(TOKEN_KEY));
  readonly username = signal<string | null>(localStorage.getItem(USER_KEY));
  /** False when the server runs with AUTH_ENABLED=false: no login, no logout. */
  readonly authEnabled = signal(true);
  readonly signedIn = computed(() => this.token() !== null);
  private status: Promise<SetupStatus> | null = null;

  setupStatus(force = false): Promise<SetupStatus> {
    if (force || !this.status) {
      this.status = this.api.setupStatus().then((s) => {
        if (!s.requiresSetup && s.platformManaged) {
          // Authentication is off: sign in automatically with a synthetic token.
          this.authEnabled.set(false);
          this.store(AUTH_DISABLED_TOKEN, 'admin');
        }
        return s;
      });
      this.status.catch(() => (this.status = null));
    }
    return this.status;
  }

  private store(token: string | null, username: string | null): void {
    this.token.set(token);
    this.username.set(username);
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
    if (username) localStorage.setItem(USER_KEY, username);
    else localStorage.removeItem(USER_KEY);
  }

  async login(username: string, password: string): Promise<void> {
    const r = await this.api.login(username, password);
    this.store(r.token, r.username);
  }

  async completeSetup(body: {
    token: string;
    username: string;
    password: string;
    confirmPassword: string;
  }): Promise<void> {
    const r = await this.api.createAuth(body);
    this.status = null;
    this.store(r.token, r.username);
  }

  async logout(): Promise<void> {
    try {
      if (this.authEnabled()) await this.api.logout();
    } finally {
      this.expired();
    }
  }

  /**
   * The session is gone (logout, expiry, revocation): back to the login page, which returns to
   * the page the user was on after signing in again.
   */
  expired(): void {
    if (!this.authEnabled()) return;
    this.store(null, null);
    void this.router.navigateByUrl(loginUrl(this.router, this.router.url));
  }
}

/** The 401 codes that mean the session itself is gone (not, say, a wrong current password). */
const SESSION_ENDED = new Set<ErrorCode | string>(['AUTH_INVALID_TOKEN', 'AUTH_NO_TOKEN'] satisfies ErrorCode[]);

/** Adds the session token to API calls; a 401 saying the session is gone ends it here too. */
export const authInterceptor: HttpInterceptorFn = (req, next) => {
  const auth = inject(Auth);
  const token = auth.token();
  const request = token ? req.clone({ setHeaders: { 'x-access-token': token } }) : req;
  return next(request).pipe(
    catchError((err: { status?: number; error?: { code?: string } | null }) => {
      const code = typeof err.error === 'object' ? err.error?.code : undefined;
      if (err.status === 401 && token && code && SESSION_ENDED.has(code)) auth.expired();
      return throwError(() => err);
    }),
  );
};

/**
 * Where to go after signing in: the page that was asked for when it is a page of this app
 * (a path, not another site, not the sign-in pages themselves), else the Downloads page.
 */
export function returnTarget(returnUrl: string | null | undefined): string {
  if (!returnUrl || !returnUrl.startsWith('/') || returnUrl.startsWith('//') || returnUrl.includes('\\')) {
    return '/downloads';
  }
  return /^\/(login|setup)(?:[/?#]|$)/.test(returnUrl) ? '/downloads' : returnUrl;
}

/** The sign-in page, remembering `from` (unless it is the default page) to come back to. */
function loginUrl(router: Router, from: string): UrlTree {
  const target = returnTarget(from);
  return router.createUrlTree(['/login'], target === '/downloads' ? {} : { queryParams: { returnUrl: target } });
}

/** Pages behind sign-in: setup first if needed, then login (coming back here afterwards). */
export const signedInGuard: CanActivateFn = async (_route, state) => {
  const auth = inject(Auth);
  const router = inject(Router);
  const status = await auth.setupStatus().catch(() => null);
  if (status?.requiresSetup) return router.parseUrl('/setup');
  return auth.signedIn() ? true : loginUrl(router, state.url);
};

/** The login and setup pages: skipped when there is nothing to do there. */
export const signedOutGuard: CanActivateFn = async () => {
  const auth = inject(Auth);
  const router = inject(Router);
  const status = await auth.setupStatus().catch(() => null);
  if (!auth.authEnabled()) return router.parseUrl('/downloads');
  return auth.signedIn() && !status?.requiresSetup ? router.parseUrl('/downloads') : true;
};
