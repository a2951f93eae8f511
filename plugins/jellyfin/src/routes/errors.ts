import type { DomainErrorStatuses } from '@vidkeep/core/plugin-api';

/**
 * How the jellyfin plugin's domain errors answer. A missing URL or key is bad input (400, the
 * core's default). Everything Jellyfin itself causes (key rejected, unreachable, an error answer,
 * an unknown user) is 502 with the reason in plain words, as the reference answers (its 1.10).
 */
export const errorStatuses: DomainErrorStatuses = {
  kinds: { unavailable: 502 },
};
