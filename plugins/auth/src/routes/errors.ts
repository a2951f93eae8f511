import type { DomainErrorStatuses } from '@vidkeep/plugin-kit';

/**
 * How the auth plugin's domain errors answer: the core's defaults fit every one (wrong
 * credentials 401, too many attempts 429 with Retry-After, not set up 503, already set up 409,
 * bad input 400, unknown session or key 404).
 */
export const errorStatuses: DomainErrorStatuses = {};
