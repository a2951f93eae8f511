import type { DomainErrorStatuses } from '@vidkeep/plugin-kit';

/**
 * How the scheduler's domain errors answer: the core's defaults fit every one (unknown task 404,
 * invalid schedule 400, task already running 409, shutting down 503).
 */
export const errorStatuses: DomainErrorStatuses = {};
