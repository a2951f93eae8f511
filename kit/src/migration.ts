/**
 * `@vidkeep/plugin-kit/migration`: the base class of a plugin's migrations. Import it only from
 * migration modules and list them as `{ name, load: async () => (await import('./x.js')).X }`, so
 * a start with nothing to migrate never loads MikroORM's migration machinery.
 */
export { Migration } from '@vidkeep/core/plugin-api/migration';
