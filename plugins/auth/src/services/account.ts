import {
  AuthErrorCodes,
  CoreErrorCodes,
  ConflictError,
  InvalidInputError,
  RateLimitedError,
  UnauthenticatedError,
  UnavailableError,
  type PluginLogger,
} from '@vidkeep/contracts';
import type { AttemptLimiter } from './attempt-limiter.js';
import { NOT_CONFIGURED_MESSAGE } from './auth-service.js';
import { passwordProblem, usernameProblem, type CredentialStore } from './credentials.js';
import type { SessionStore, NewSession } from './sessions.js';
import type { SetupTokenStore } from './setup-token.js';

/** Who is asking: rate limits and session records are per client address. */
export interface Client {
  address: string;
  userAgent: string | undefined;
}

export interface AccountDeps {
  authEnabled: boolean;
  logger: PluginLogger;
  credentials: CredentialStore;
  sessions: SessionStore;
  setupToken: SetupTokenStore;
  /** Failed logins per client address and username. */
  loginLimiter: AttemptLimiter;
  /** Failed logins per client address, whatever the username. */
  loginAddressLimiter: AttemptLimiter;
  /** Setup submissions per client address. */
  setupLimiter: AttemptLimiter;
}

const disabled = (what: string) =>
  new InvalidInputError(AuthErrorCodes.disabled, `Authentication is disabled (AUTH_ENABLED=false); ${what}`);

const minutesText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * The local account's flows: first-start setup, login and password change. Each checks its rate
 * limit before the password (so guessing costs attempts) and throws domain errors the routes map.
 */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /** Signs in; the new session's token is returned once. */
  async login(username: string, password: string, client: Client): Promise<NewSession> {
    const { credentials, sessions, loginLimiter } = this.deps;
    if (!credentials.isConfigured()) {
      throw new UnavailableError(AuthErrorCodes.notConfigured, NOT_CONFIGURED_MESSAGE, {
        extra: { requiresSetup: true },
      });
    }
    this.checkLoginLimits(username, client);
    if (!(await credentials.verify(username, password))) {
      throw await this.loginFailure(username, client, AuthErrorCodes.invalidCredentials, 'Invalid credentials');
    }
    await loginLimiter.reset(this.loginKey(username, client));
    const created = await sessions.create({ username, userAgent: client.userAgent, ipAddress: client.address });
    this.deps.logger.info({ sessionId: created.session.id, client: client.address }, 'User logged in');
    return created;
  }

  /** Changes the password of a signed-in user; other sessions stay valid. */
  async changePassword(username: string, currentPassword: string, newPassword: string, client: Client): Promise<void> {
    const { credentials } = this.deps;
    if (!this.deps.authEnabled) throw disabled('there is no password to change');
    const problem = passwordProblem(newPassword);
    if (problem) throw new InvalidInputError(CoreErrorCodes.validationFailed, problem);
    this.checkLoginLimits(username, client);
    if (!(await credentials.verify(username, currentPassword))) {
      throw await this.loginFailure(username, client, AuthErrorCodes.wrongPassword, 'Current password is incorrect');
    }
    await credentials.set(username, newPassword, 'change-password');
  }

  /**
   * Completes the first-start setup with the one-time token: creates the login, consumes the
   * token and signs the user in.
   */
  async completeSetup(
    input: { token: string; username: string; password: string; confirmPassword: string },
    client: Client,
  ): Promise<NewSession & { username: string }> {
    const { credentials, sessions, setupToken, setupLimiter } = this.deps;
    if (!this.deps.authEnabled) throw disabled('there is nothing to set up');
    const wait = setupLimiter.retryAfterSeconds(client.address);
    if (wait > 0) {
      throw new RateLimitedError(
        AuthErrorCodes.tooManyAttempts,
        `Too many setup attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
        wait,
      );
    }
    await setupLimiter.record(client.address);
    if (!setupToken.matches(input.token)) {
      throw new UnauthenticatedError(AuthErrorCodes.invalidSetupToken, 'Invalid setup token');
    }
    if (credentials.isConfigured()) {
      throw new ConflictError(AuthErrorCodes.alreadyConfigured, 'Authentication is already configured');
    }
    const problem = usernameProblem(input.username) ?? passwordProblem(input.password);
    if (problem) throw new InvalidInputError(CoreErrorCodes.validationFailed, problem);
    if (input.password !== input.confirmPassword) {
      throw new InvalidInputError(AuthErrorCodes.passwordMismatch, 'Password and confirmation do not match');
    }
    if (!setupToken.claim()) {
      throw new ConflictError(AuthErrorCodes.alreadyConfigured, 'Setup is already being completed by another request');
    }
    try {
      await credentials.set(input.username, input.password, 'setup');
      await setupToken.consume();
    } finally {
      setupToken.release();
    }
    await setupLimiter.reset(client.address);
    const username = input.username.trim();
    const created = await sessions.create({ username, userAgent: client.userAgent, ipAddress: client.address });
    this.deps.logger.info({ client: client.address }, 'Setup completed; the setup token is consumed');
    return { ...created, username };
  }

  private loginKey(username: string, client: Client): string {
    return `${client.address}|${username.toLowerCase()}`;
  }

  private checkLoginLimits(username: string, client: Client): void {
    const wait = Math.max(
      this.deps.loginLimiter.retryAfterSeconds(this.loginKey(username, client)),
      this.deps.loginAddressLimiter.retryAfterSeconds(client.address),
    );
    if (wait > 0) {
      throw new RateLimitedError(
        AuthErrorCodes.tooManyAttempts,
        `Too many failed login attempts. Try again in ${minutesText(wait)}.`,
        wait,
      );
    }
  }

  /**
   * Counts a wrong password and builds its 401. The answer says how many attempts are left
   * (`attemptsLeft`), and on the last one, in words, that the next failure locks sign-in.
   */
  private async loginFailure(
    username: string,
    client: Client,
    code: string,
    message: string,
  ): Promise<UnauthenticatedError> {
    const { loginLimiter, loginAddressLimiter } = this.deps;
    const key = this.loginKey(username, client);
    await Promise.all([loginLimiter.record(key), loginAddressLimiter.record(client.address)]);
    const attemptsLeft = Math.min(loginLimiter.attemptsLeft(key), loginAddressLimiter.attemptsLeft(client.address));
    const lockFor = minutesText(loginLimiter.windowMs / 1000);
    const warning =
      attemptsLeft === 0
        ? ` Too many failed attempts: sign-in is locked for ${lockFor}.`
        : attemptsLeft === 1
          ? ` One more failed attempt locks sign-in for ${lockFor}.`
          : '';
    return new UnauthenticatedError(code, warning ? `${message}.${warning}` : message, { extra: { attemptsLeft } });
  }
}
