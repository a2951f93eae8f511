import type { DomainErrorStatuses } from '@vidkeep/plugin-kit';

/**
 * How the playlists plugin's domain errors answer. The core's defaults fit every one: unknown or
 * removed playlist 404, listing already running 409, bad input 400, and the platform's refusals
 * by reason (playlist missing or private 404, cookies needed 403, unreachable 503, time-out 504),
 * as the reference answers `/addplaylistinfo`.
 */
export const errorStatuses: DomainErrorStatuses = {};
