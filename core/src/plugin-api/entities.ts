/**
 * A plugin's tables as vidkeep describes them: `defineEntity` and the property options it takes.
 * Inside the core an entity is a MikroORM `EntitySchema`; a plugin sees only the opaque
 * `EntityDefinition`, so the plugin API promises these few options and not MikroORM's classes.
 */
import { BigIntType, EntitySchema } from '@mikro-orm/core';

declare const ENTITY_ROW: unique symbol;

/**
 * A table of a plugin, made by `defineEntity`: list it in the definition's `entities` and pass it
 * to the entity manager's methods (`em.find(GuestbookEntryEntity, {})`) or use its `name`.
 */
export interface EntityDefinition<T extends object = Record<string, unknown>> {
  /** The entity's name, unique among all plugins' entities (`em.find<T>('AcmeNote', …)`). */
  readonly name: string;
  /** The table it is stored in. */
  readonly tableName: string;
  /** Only for the type checker: the row type. */
  readonly [ENTITY_ROW]?: T;
}

/** The column types a property may have. */
export type EntityPropertyType =
  'string' | 'text' | 'integer' | 'number' | 'float' | 'bigint' | 'boolean' | 'datetime' | 'json';

/** One property (column) of an entity. */
export interface EntityProperty {
  type: EntityPropertyType;
  /**
   * For `type: 'bigint'`: what JavaScript gets. `'number'` for values far below 2^53 (file sizes,
   * milliseconds); without it MikroORM's default applies (a string).
   */
  bigintAs?: 'number' | 'string' | 'bigint';
  primary?: boolean;
  autoincrement?: boolean;
  nullable?: boolean;
  unique?: boolean;
  /** A single-column index. */
  index?: boolean;
  /** Maximum length of a `string` column. */
  length?: number;
  default?: string | number | boolean | null;
  /** The column's name when it is not the snake_case of the property's. */
  fieldName?: string;
  /** The column's SQL type when the default for `type` is not wanted, e.g. `varchar(100)`. */
  columnType?: string;
}

/** An index or unique constraint over several properties, in order. */
export interface EntityIndex<T extends object> {
  properties: (keyof T & string)[];
  name?: string;
}

export interface EntityOptions<T extends object> {
  /** Unique among all plugins' entities; a third-party plugin's should start with its id in PascalCase. */
  name: string;
  /** The table; a third-party plugin's starts with its id (dashes as underscores). */
  tableName: string;
  properties: { [K in keyof T & string]-?: EntityProperty };
  indexes?: EntityIndex<T>[];
  uniques?: EntityIndex<T>[];
}

/**
 * Describes one table of a plugin:
 *
 *   export const NoteEntity = defineEntity<Note>({ name: 'AcmeNote', tableName: 'acme_notes',
 *     properties: { id: { type: 'integer', primary: true, autoincrement: true }, text: { type: 'text' } } });
 */
export function defineEntity<T extends object = Record<string, unknown>>(
  options: EntityOptions<T>,
): EntityDefinition<T> {
  const properties: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(options.properties) as [string, EntityProperty][]) {
    const { bigintAs, ...rest } = property;
    properties[key] = bigintAs === undefined ? rest : { ...rest, type: new BigIntType(bigintAs) };
  }
  const schema = new EntitySchema<T>({ ...options, properties } as never);
  // The one member vidkeep adds to MikroORM's object, so that code may read the table's name.
  Object.defineProperty(schema, 'tableName', { value: options.tableName, enumerable: false });
  return schema as unknown as EntityDefinition<T>;
}

/** The core's view of a plugin's entity (a 1.x plugin's `EntitySchema` as it is). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- entities of any row type
export const entitySchemaOf = (entity: EntityDefinition<any> | EntitySchema<any>): EntitySchema<any> =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  entity as EntitySchema<any>;
