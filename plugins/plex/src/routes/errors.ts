import { PlexErrorCodes as E } from '@vidkeep/contracts';
import type { DomainErrorStatuses } from '@vidkeep/plugin-kit';

/**
 * How the Plex plugin's domain errors answer. The server (or plex.tv) refusing the token, not
 * answering, or answering with an error is a bad gateway: 502 with the plain message the
 * service wrote. Not configured yet (no address, token or library for the asked action) is a
 * conflict with the current state, 409; missing test values 400; an unknown or expired PIN 404:
 * the kinds' defaults.
 */
export const errorStatuses: DomainErrorStatuses = {
  codes: { [E.unauthorized]: 502, [E.unreachable]: 502, [E.failed]: 502, [E.signInFailed]: 502 },
};
