import { Injectable, inject } from '@angular/core';
import type { RouteInput } from './api';
import { Api } from './api';

/**
 * The sign-in routes `Auth` uses, typed from the server's schemas (`@vidkeep/contracts/routes`):
 * the only place their paths are written.
 */
@Injectable({ providedIn: 'root' })
export class AuthApi {
  private readonly api = inject(Api);

  /** Whether the first account is still to be created, and whether logins are off. */
  setupStatus() {
    return this.api.call('GET /setup/status');
  }

  login(username: string, password: string) {
    return this.api.call('POST /auth/login', { body: { username, password } });
  }

  /** Creates the first account (with the setup token from the server's log). */
  createAuth(body: RouteInput<'POST /setup/create-auth'>['body']) {
    return this.api.call('POST /setup/create-auth', { body });
  }

  logout() {
    return this.api.call('POST /auth/logout');
  }
}
