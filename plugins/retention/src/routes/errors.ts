import type { DomainErrorStatuses } from '@vidkeep/plugin-kit';

/**
 * How the retention plugin's domain errors answer: the core's defaults fit (a run already running
 * or nothing set to remove by 409, settings that do not parse 400).
 */
export const errorStatuses: DomainErrorStatuses = {};
