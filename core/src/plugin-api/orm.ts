/**
 * What a plugin may do with the database through the ORM: `ctx.orm` and `ctx.em()` are typed by
 * these interfaces. At run time they are MikroORM's own objects (no wrapper, no cost); the types
 * list only the methods vidkeep's plugins use, so the plugin API does not promise MikroORM's whole
 * EntityManager. Hot reads and bulk writes go through `Sql` instead.
 */
import type { EntitySchema } from '@mikro-orm/core';
import type { EntityDefinition } from './entities.js';

/**
 * An entity: its definition, or its `name` with the row type given (`em.find<Note>('AcmeNote', …)`).
 * A 1.x plugin's `EntitySchema` is accepted too, until 2.0.0.
 */
export type EntityRef<T extends object> = EntityDefinition<T> | string | EntitySchema<T>;

/** Conditions on one property's value. */
export interface WhereOperators<V> {
  $eq?: V | null;
  $ne?: V | null;
  $in?: readonly V[];
  $nin?: readonly V[];
  $lt?: V;
  $lte?: V;
  $gt?: V;
  $gte?: V;
  $like?: string;
}

/** Which rows: property values (or operators on them), all of which must hold; `$or`/`$and` combine. */
export type EntityWhere<T> = {
  [K in keyof T]?: T[K] | null | WhereOperators<T[K]>;
} & {
  $or?: EntityWhere<T>[];
  $and?: EntityWhere<T>[];
};

export interface FindOptions<T> {
  orderBy?: { [K in keyof T]?: 'asc' | 'desc' | 'ASC' | 'DESC' } | { [K in keyof T]?: 'asc' | 'desc' }[];
  limit?: number;
  offset?: number;
  /** Only these properties are read (the others stay undefined). */
  fields?: (keyof T & string)[];
}

/** The values of a new row; properties with a default or `nullable` may be left out. */
export type EntityData<T> = { [K in keyof T]?: T[K] };

/** A SQL statement straight on the connection: `all` answers rows, `get` one row, `run` a result. */
export interface PluginConnection {
  execute<R = Record<string, unknown>[]>(sql: string, params?: unknown[], method?: 'all' | 'get' | 'run'): Promise<R>;
}

/** What the database makes of a value, for raw SQL that compares with stored ones. */
export interface PluginPlatform {
  /** A Date as the driver stores it (SQLite: epoch milliseconds). */
  processDateProperty(value: Date): unknown;
}

/**
 * A unit of work (MikroORM's entity manager): entities read through it are tracked, `create` and
 * `assign` change them, `flush` writes the changes. `native*` methods write at once, bypassing it.
 */
export interface PluginEntityManager {
  find<T extends object>(entity: EntityRef<T>, where: EntityWhere<T>, options?: FindOptions<T>): Promise<T[]>;
  findOne<T extends object>(entity: EntityRef<T>, where: EntityWhere<T>, options?: FindOptions<T>): Promise<T | null>;
  /** Like `findOne`, but rejects when there is no such row. */
  findOneOrFail<T extends object>(entity: EntityRef<T>, where: EntityWhere<T>, options?: FindOptions<T>): Promise<T>;
  findAndCount<T extends object>(
    entity: EntityRef<T>,
    where: EntityWhere<T>,
    options?: FindOptions<T>,
  ): Promise<[T[], number]>;
  count<T extends object>(entity: EntityRef<T>, where?: EntityWhere<T>): Promise<number>;
  /** A new tracked row, inserted at the next `flush`. */
  create<T extends object>(entity: EntityRef<T>, data: EntityData<NoInfer<T>>): T;
  /** Sets properties of a tracked row, written at the next `flush`. */
  assign<T extends object>(entity: T, data: EntityData<NoInfer<T>>): T;
  flush(): Promise<void>;
  /** Updates the matching rows at once; answers how many. */
  nativeUpdate<T extends object>(
    entity: EntityRef<T>,
    where: EntityWhere<T>,
    data: EntityData<NoInfer<T>>,
  ): Promise<number>;
  /** Deletes the matching rows at once; answers how many. */
  nativeDelete<T extends object>(entity: EntityRef<T>, where: EntityWhere<T>): Promise<number>;
  /** Runs `work` in one transaction on a fork, flushed and committed when it resolves, rolled back when it throws. */
  transactional<R>(work: (em: PluginEntityManager) => Promise<R>): Promise<R>;
  /** A fresh unit of work (its own identity map). */
  fork(): PluginEntityManager;
  getConnection(): PluginConnection;
  getPlatform(): PluginPlatform;
}

/** The database of the app (`ctx.orm`): `em` is the global entity manager, `fork()` it for a unit of work. */
export interface Orm {
  readonly em: PluginEntityManager;
}
