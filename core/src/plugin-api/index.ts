/**
 * The one entry plugins import from the core: `@vidkeep/core/plugin-api`.
 * Everything shared between plugins (schemas, service interfaces, events) lives in
 * `@vidkeep/contracts`.
 */
import '../http/fastify-types.js';

export {
  definePlugin,
  isPluginDefinition,
  type PluginContext,
  type PluginDefinition,
  type PluginConfig,
  type HealthCheckResult,
} from './definition.js';
export { HttpError, isHttpError } from '../http/http-error.js';
export { writeFileAtomic } from '../fs-util.js';
export type { RuntimeEnvironment, RuntimePaths } from '../env.js';
export { MANAGED_TEMP_PATH } from '../env.js';
export type { Orm } from '../db/orm.js';
export type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
export { BigIntType, EntitySchema } from '@mikro-orm/core';
export type { EntityManager, FilterQuery } from '@mikro-orm/core';
export { Migration } from '@mikro-orm/migrations';
