import type { TSchema } from '../typebox.js';

/**
 * Config keys carry two annotations:
 * - `x-secret`: never returned by any endpoint (password hash, tokens, API keys, proxy URLs with
 *   credentials). `GET /getconfig` lists only *whether* a secret is set.
 * - `x-managed`: maintained by the service itself (generated ids, credentials set through the
 *   setup wizard); the save endpoint rejects them like unknown keys.
 * - `x-sent-to`: the keys that make the address a secret is sent to (a media server's URL). A
 *   save that changes one of them without giving the secret again clears the secret, so a saved
 *   key never follows a changed address to another host.
 */
export const SECRET = 'x-secret';
export const MANAGED = 'x-managed';
export const SENT_TO = 'x-sent-to';
/** Values of a secret bound with {@link sentOnlyTo} that are not credentials and survive an address change. */
export const SENT_TO_KEEPS = 'x-sent-to-keeps';

export const secret = <T extends TSchema>(schema: T): T => ({ ...schema, [SECRET]: true }) as T;
export const managed = <T extends TSchema>(schema: T): T => ({ ...schema, [MANAGED]: true }) as T;

/** Marks a secret as sent only to the address `addressKeys` make (see `x-sent-to`). */
export const sentOnlyTo = <T extends TSchema>(
  addressKeys: readonly string[],
  schema: T,
  keeps: readonly string[] = [],
): T => ({ ...schema, [SENT_TO]: [...addressKeys], ...(keeps.length ? { [SENT_TO_KEEPS]: [...keeps] } : {}) }) as T;

/** The address keys a secret is bound to, and the values it keeps when they change. */
export function addressBinding(schema: unknown): { addressKeys: string[]; keeps: string[] } | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const keys = (schema as Record<string, unknown>)[SENT_TO];
  if (!Array.isArray(keys)) return null;
  const keeps = (schema as Record<string, unknown>)[SENT_TO_KEEPS];
  return { addressKeys: keys as string[], keeps: Array.isArray(keeps) ? (keeps as string[]) : [] };
}

export const isSecret = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)[SECRET] === true;
export const isManaged = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)[MANAGED] === true;

/**
 * Shapes the OpenAPI document shows that validation leaves to the handler, so that its errors
 * stay the words a person reads (and the spec's codes) rather than Ajv's:
 * - `x-choices`: a string that must be one of these, matched case-insensitively (a content
 *   rating). The document lists them as the field's `enum`.
 * - `x-requires`: an object that needs one of these groups of keys (`url` or `urls`). With
 *   `exclusive`, exactly one group (`oneOf`), else at least one (`anyOf`).
 */
export const CHOICES = 'x-choices';
export const REQUIRES = 'x-requires';

/** Schema options: a string that must be one of `choices` in any letter case; the document lists them as its `enum`. */
export const choices = (values: readonly string[]) => ({ [CHOICES]: [...values] });

/** Schema options: an object that needs one of the groups of keys (exactly one with `exclusive`); the handler checks it. */
export const requires = (groups: readonly (readonly string[])[], exclusive: boolean) => ({
  [REQUIRES]: { groups: groups.map((g) => [...g]), exclusive },
});
