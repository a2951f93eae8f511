/**
 * The two views of the one database object: the core's `Orm` (MikroORM) and the plugin API's
 * `Orm` (only the members plugins may use). The object is the same; only the declared type differs.
 */
import type { Orm as PluginOrm, PluginEntityManager } from '../plugin-api/orm.js';
import type { Orm } from './orm.js';

/** The plugin API's view of the core's database. */
export const pluginOrm = (orm: Orm): PluginOrm => orm as unknown as PluginOrm;

/** A fresh entity manager, typed for plugins. */
export const pluginEm = (orm: Orm): PluginEntityManager => orm.em.fork() as unknown as PluginEntityManager;

/** The core's view of what a plugin handed back (it is always MikroORM). */
export const coreOrm = (orm: PluginOrm): Orm => orm as unknown as Orm;
