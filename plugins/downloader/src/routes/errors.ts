import type { DomainErrorStatuses } from '@vidkeep/core/plugin-api';

/**
 * How the downloader's domain errors answer: the core's defaults fit every one (an unknown job
 * or video and a missing file 404, a bad URL or request 400, downloads paused by a storage
 * limit 409).
 */
export const errorStatuses: DomainErrorStatuses = {};
