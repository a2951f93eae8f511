/**
 * What a third-party plugin may own: tables and config keys carrying its id, and migrations with
 * usable, distinct names. Built-in plugins are exempt.
 */
import { type EntitySchema, UnderscoreNamingStrategy } from '@mikro-orm/core';
import type { PluginDefinition } from '../plugin-api/definition.js';

/** The `@vidkeep/` npm scope is the project's: only its own packages are named there. */
export const isProjectPackage = (name: string | undefined) => name !== undefined && name.startsWith('@vidkeep/');

/** `acme-notes` -> `acme_notes`: the prefix of a plugin's tables. */
export const tablePrefixOf = (pluginId: string) => pluginId.replace(/-/g, '_');
/** `acme-notes` -> `acmeNotes`: the prefix of a plugin's config keys. */
export const configPrefixOf = (pluginId: string) =>
  pluginId.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** Whether `name` is `prefix` itself or `prefix` followed by a separator (`_`) or a capital. */
export function ownsName(name: string, prefix: string, separator: RegExp): boolean {
  return name === prefix || (name.startsWith(prefix) && separator.test(name.charAt(prefix.length)));
}

const MIGRATION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/**
 * What a third-party plugin declares that is not its own: a table without its id prefix, a config
 * key without its camel-case id prefix, or migrations without usable, distinct names. Checked
 * before the database opens, so nothing is written.
 */
export function thirdPartyProblem(def: PluginDefinition): string | null {
  const tablePrefix = tablePrefixOf(def.id);
  for (const entity of def.entities ?? []) {
    const meta = (entity as EntitySchema).meta; // an EntityDefinition is an EntitySchema inside the core
    const table = meta.tableName ?? meta.collection ?? new UnderscoreNamingStrategy().classToTableName(meta.className);
    if (!ownsName(table, tablePrefix, /_/)) {
      return `entity "${meta.className}" is stored in table "${table}", but a plugin's tables must be named "${tablePrefix}" or "${tablePrefix}_<name>" (set tableName)`;
    }
  }
  const configPrefix = configPrefixOf(def.id);
  for (const key of Object.keys(def.config?.properties ?? {})) {
    if (!ownsName(key, configPrefix, /[A-Z0-9]/)) {
      return `config key "${key}" must start with "${configPrefix}" (e.g. "${configPrefix}Enabled"), so it cannot clash with the core's or another plugin's keys`;
    }
  }
  const names = new Set<string>();
  for (const migration of def.migrations ?? []) {
    const name = (migration as { name?: unknown }).name;
    if (typeof name !== 'string' || !MIGRATION_NAME.test(name)) {
      return `migration name ${JSON.stringify(name)} is not usable: use letters, digits, "_", "-" and ".", e.g. "20261201000000_initial"`;
    }
    if (names.has(name)) return `migration "${name}" is listed twice`;
    names.add(name);
  }
  return null;
}
