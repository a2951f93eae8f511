/**
 * The version of the plugin API: what `@vidkeep/plugin-kit` offers, and what a plugin's
 * `core: '^1.0.0'` range is checked against when the service starts. It is the kit's package
 * version (a test keeps the two equal). Raise the minor for additions, the major for anything a
 * plugin written against the previous version could notice (see docs/writing-plugins.md).
 */
export const PLUGIN_API_VERSION = '1.5.0';

/** The core's own version, reported by `GET /api/health`. */
export const CORE_VERSION = '1.0.0';
export { API_VERSION } from '@vidkeep/contracts';
