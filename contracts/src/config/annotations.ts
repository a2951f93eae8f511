import type { TSchema } from '../typebox.js';

/**
 * Config keys carry two annotations:
 * - `x-secret`: never returned by any endpoint (password hash, tokens, API keys, proxy URLs with
 *   credentials). `GET /getconfig` lists only *whether* a secret is set.
 * - `x-managed`: maintained by the service itself (generated ids, credentials set through the
 *   setup wizard); the save endpoint rejects them like unknown keys.
 */
export const SECRET = 'x-secret';
export const MANAGED = 'x-managed';

export const secret = <T extends TSchema>(schema: T): T => ({ ...schema, [SECRET]: true }) as T;
export const managed = <T extends TSchema>(schema: T): T => ({ ...schema, [MANAGED]: true }) as T;

export const isSecret = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)[SECRET] === true;
export const isManaged = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)[MANAGED] === true;
