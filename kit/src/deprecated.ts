/**
 * Names of plugin API 1.0 to 1.2 that 1.3.0 replaced, kept for plugins built against 1.x until
 * 2.0.0 removes them. First-party code uses the replacements (an architecture test checks it);
 * docs/writing-plugins.md, "Stability", lists what replaces what.
 */

// MikroORM's classes and types (deprecated in the core's plugin API): use `defineEntity`,
// `{ type: 'bigint', bigintAs }`, `PluginEntityManager` and `EntityWhere`.
export { BigIntType, EntitySchema, type EntityManager, type FilterQuery } from '@vidkeep/core/plugin-api';
