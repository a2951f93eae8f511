/** Errors of the core: request handling, configuration and plugin boot. Prefix `CORE_`. */
export const CoreErrorCodes = {
  validationFailed: 'CORE_VALIDATION_FAILED',
  notFound: 'CORE_NOT_FOUND',
  /** The path exists, with other methods (listed in `Allow`). */
  methodNotAllowed: 'CORE_METHOD_NOT_ALLOWED',
  payloadTooLarge: 'CORE_PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'CORE_UNSUPPORTED_MEDIA_TYPE',
  badRequest: 'CORE_BAD_REQUEST',
  internal: 'CORE_INTERNAL_ERROR',
  authUnavailable: 'CORE_AUTH_UNAVAILABLE',
  platformManaged: 'CORE_PLATFORM_MANAGED',
  pluginNotFound: 'CORE_PLUGIN_NOT_FOUND',
  pluginDisabled: 'CORE_PLUGIN_DISABLED',
  pluginNotToggleable: 'CORE_PLUGIN_NOT_TOGGLEABLE',
  pluginRequired: 'CORE_PLUGIN_REQUIRED',
  rateLimited: 'CORE_RATE_LIMITED',
} as const;

/** Why the service refused to start; the message names the plugin. Prefix `CORE_`. */
export const BootErrorCodes = {
  manifestInvalid: 'CORE_MANIFEST_INVALID',
  unknown: 'CORE_PLUGIN_UNKNOWN',
  notAPlugin: 'CORE_PLUGIN_INVALID_DEFINITION',
  loadFailed: 'CORE_PLUGIN_LOAD_FAILED',
  duplicate: 'CORE_PLUGIN_DUPLICATE',
  idMismatch: 'CORE_PLUGIN_ID_MISMATCH',
  optionsInvalid: 'CORE_PLUGIN_OPTIONS_INVALID',
  dependencyMissing: 'CORE_PLUGIN_DEPENDENCY_MISSING',
  dependencyCycle: 'CORE_PLUGIN_DEPENDENCY_CYCLE',
  coreMismatch: 'CORE_PLUGIN_CORE_MISMATCH',
  registerFailed: 'CORE_PLUGIN_REGISTER_FAILED',
  serviceMissing: 'CORE_PLUGIN_SERVICE_MISSING',
  serviceUndeclared: 'CORE_PLUGIN_SERVICE_UNDECLARED',
  serviceConflict: 'CORE_PLUGIN_SERVICE_CONFLICT',
  /** A third-party plugin declares a table, config key or migration that does not carry its id. */
  notOwned: 'CORE_PLUGIN_NAME_NOT_OWNED',
  /** A third-party plugin adds a route outside `/api/<id>`. */
  routeOutsidePrefix: 'CORE_PLUGIN_ROUTE_OUTSIDE_PREFIX',
  /** Two owners add the same route, or a route inside a third-party plugin's `/api/<id>`. */
  routeCollision: 'CORE_PLUGIN_ROUTE_COLLISION',
  /** A plugin's own migration failed, or touched a table that is not the plugin's. */
  migrationFailed: 'CORE_PLUGIN_MIGRATION_FAILED',
} as const;
