import bcrypt from 'bcrypt';
import {
  AuthEvents,
  hasControlChars,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  type AuthConfigSection,
  type CredentialsChangedPayload,
  type EventBus,
} from '@vidkeep/contracts';
import type { PluginConfig } from '@vidkeep/plugin-kit';

export const BCRYPT_ROUNDS = 10;
// Compared against when the username is wrong, so a wrong username costs as long as a wrong
// password. Precomputed (bcrypt of a fixed string, cost 10) rather than hashed at every start.
const DUMMY_HASH = '$2b$10$J6y6VS.tMmbrcWpASR7GxOHUmh79zV3r71taQ6AobAERUFtwR9QZ2';

/** Username rules of spec 8 after trimming: 1 to 32 characters, no control characters. */
export function usernameProblem(raw: string): string | null {
  const name = raw.trim();
  if (name.length < 1) return 'Username is required';
  if (name.length > USERNAME_MAX) return `Username must be at most ${USERNAME_MAX} characters`;
  if (hasControlChars(name)) return 'Username must not contain control characters';
  return null;
}

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  return null;
}

/** The single local account; its username and bcrypt hash live in the config file (spec 5). */
export class CredentialStore {
  constructor(
    private readonly config: PluginConfig<AuthConfigSection>,
    private readonly events: EventBus,
  ) {}

  isConfigured(): boolean {
    const c = this.config.get();
    return Boolean(c.username) && Boolean(c.passwordHash);
  }

  username(): string {
    return this.config.get().username;
  }

  async verify(username: string, password: string): Promise<boolean> {
    const c = this.config.get();
    const userMatches = c.username !== '' && username === c.username;
    const ok = await bcrypt.compare(password, userMatches ? c.passwordHash : DUMMY_HASH);
    return userMatches && ok;
  }

  async matchesCurrent(username: string, password: string): Promise<boolean> {
    const c = this.config.get();
    return c.username === username && c.passwordHash !== '' && bcrypt.compare(password, c.passwordHash);
  }

  async set(username: string, password: string, source: CredentialsChangedPayload['source']): Promise<void> {
    const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
    await this.config.update({ username: username.trim(), passwordHash });
    this.events.publish(AuthEvents.credentialsChanged, { username: username.trim(), source });
  }
}
