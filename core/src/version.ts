/** Version of the core's plugin API; plugins state a semver range against it (`core: '^1.0.0'`). */
export const CORE_VERSION = '1.0.0';
export { API_VERSION } from '@vidkeep/contracts';
