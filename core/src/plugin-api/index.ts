import { fileURLToPath } from 'node:url';
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
export { PLUGIN_API_VERSION } from '../version.js';
export { HttpError, isHttpError } from '../http/http-error.js';
export { DEFAULT_DOMAIN_STATUSES, mapDomainErrors, statusOf, type DomainErrorStatuses } from '../http/domain-errors.js';
export { writeFileAtomic } from '../fs-util.js';
export { perClientLimit, whileClientConnected } from '../http/route-limits.js';
export { readUpload, uploadSchema, uploadSupport, type UploadedFile } from '../http/uploads.js';
export { m3uText, type M3uEntry } from './m3u.js';
export { mediaTypeOf, sendFile, type FileToSend } from '../http/send-file.js';
export { compileTitleFilter, FilterTimeoutError, matchTitles, type CompiledFilter } from './title-filter.js';
export type { RuntimeEnvironment, RuntimePaths } from '../env.js';
export { MANAGED_TEMP_PATH } from '../env.js';
export {
  defineEntity,
  type EntityDefinition,
  type EntityIndex,
  type EntityOptions,
  type EntityProperty,
  type EntityPropertyType,
} from './entities.js';
export type {
  EntityData,
  EntityRef,
  EntityWhere,
  FindOptions,
  Orm,
  PluginConnection,
  PluginEntityManager,
  PluginPlatform,
  WhereOperators,
} from './orm.js';
export { likeEscape, readBool, readDate, readJson, readNumber, readText, Sql } from '../db/sql.js';
export type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/** The Fastify types route modules and hooks use, so a plugin needs no direct Fastify import. */
export type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
export { BigIntType, EntitySchema, type EntityManager, type FilterQuery } from './deprecated.js';

/**
 * The compiled worker file for a task, next to the calling module: `workerFile(import.meta.url,
 * './jobs/update.js')`. Worker threads run JavaScript, so when the caller runs from its
 * TypeScript sources (tests, `npm run dev`) this points at the same file in the built `dist/`.
 */
export function workerFile(callerUrl: string, relative: string): string {
  const here = fileURLToPath(new URL(relative, callerUrl));
  return callerUrl.endsWith('.ts') ? here.replace(/([\\/])src([\\/])(?!.*[\\/]src[\\/])/, '$1dist$2') : here;
}
