export { buildApp, DEFAULT_MANIFEST_PATH, type BuildAppOptions, type VidkeepApp, type VidkeepRuntime } from './app.js';
export { BODY_LIMIT_BYTES } from './http/fastify-server.js';
export { CORE_VERSION, API_VERSION } from './version.js';
export { compilePendingSchemas } from './http/validation.js';
export { registeredRoutes, type RegisteredRoute } from './plugins/route-rules.js';
export {
  readEnvironment,
  parseTrustProxy,
  EnvironmentError,
  MANAGED_PLATFORM,
  type RuntimeEnvironment,
} from './env.js';
export { PluginBootError, ManifestError, BootErrorCodes } from './manifest/boot-error.js';
export { ConfigFileError } from './config/config-errors.js';
export * from './plugin-api/index.js';
