import { PASSWORD_MAX, PASSWORD_MIN } from '@vidkeep/contracts';
import type { PluginContext } from '@vidkeep/plugin-kit';
import { usernameProblem, type CredentialStore } from './credentials.js';
import type { SessionStore } from './sessions.js';

/**
 * Applies AUTH_PRESET_USERNAME / AUTH_PRESET_PASSWORD (spec 5, rule 6) on every start. Both must
 * be valid; a value that is too short (or too long) makes the pair ignored, with a warning.
 */
export async function applyPreset(
  ctx: PluginContext,
  credentials: CredentialStore,
  sessions: SessionStore,
): Promise<void> {
  const { username, password } = ctx.env.authPreset;
  if (username === undefined && password === undefined) return;
  const problems: string[] = [];
  if (username === undefined) problems.push('AUTH_PRESET_USERNAME is not set');
  else if (usernameProblem(username)) problems.push(`AUTH_PRESET_USERNAME ignored: must be 1 to 32 characters`);
  if (password === undefined) problems.push('AUTH_PRESET_PASSWORD is not set');
  else if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    problems.push(`AUTH_PRESET_PASSWORD ignored: must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
  if (problems.length > 0 || username === undefined || password === undefined) {
    ctx.logger.warn({ problems }, 'Preset credentials ignored');
    return;
  }
  const name = username.trim();
  if (await credentials.matchesCurrent(name, password)) return;
  await credentials.set(name, password, 'preset');
  // A renamed account's old sessions belong to a user that no longer exists.
  const revoked = await sessions.revokeAllExcept(name);
  ctx.logger.info(
    { username: name, revokedSessions: revoked },
    'Credentials set from AUTH_PRESET_USERNAME / AUTH_PRESET_PASSWORD',
  );
}
