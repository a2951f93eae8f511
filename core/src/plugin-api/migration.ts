/**
 * The base class of a plugin's migrations, in its own entry point
 * (`@vidkeep/core/plugin-api/migration`): importing it loads MikroORM's migration machinery, which
 * the core loads only when a migration is pending. Import it only from migration modules, and list
 * them as `{ name, load: () => import(...) }` so a start with nothing to migrate never loads them.
 */
export { Migration } from '@mikro-orm/migrations';
