/**
 * MikroORM's classes and types as plugin API 1.0 to 1.2 exported them. Kept so that plugins built
 * against 1.x still compile and run; first-party code uses the vidkeep names instead (an
 * architecture test checks it).
 */
import {
  BigIntType as MikroBigIntType,
  EntitySchema as MikroEntitySchema,
  type EntityManager as MikroEntityManager,
  type FilterQuery as MikroFilterQuery,
} from '@mikro-orm/core';

/** @deprecated since 1.3.0, removed in 2.0.0: use `defineEntity` */
export const EntitySchema = MikroEntitySchema;
/** @deprecated since 1.3.0, removed in 2.0.0: use `EntityDefinition` */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- MikroORM's own default
export type EntitySchema<Entity = any, Base = never> = MikroEntitySchema<Entity, Base>;

/** @deprecated since 1.3.0, removed in 2.0.0: use `{ type: 'bigint', bigintAs: 'number' }` in `defineEntity` */
export const BigIntType = MikroBigIntType;
/** @deprecated since 1.3.0, removed in 2.0.0: use `{ type: 'bigint', bigintAs: … }` in `defineEntity` */
export type BigIntType = MikroBigIntType;

/** @deprecated since 1.3.0, removed in 2.0.0: use `PluginEntityManager` */
export type EntityManager = MikroEntityManager;

/** @deprecated since 1.3.0, removed in 2.0.0: use `EntityWhere` */
export type FilterQuery<T> = MikroFilterQuery<T>;
