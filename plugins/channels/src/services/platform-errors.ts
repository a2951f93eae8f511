import { ChannelErrorCodes as E, PlatformRefusedError, type SourceFailure } from '@vidkeep/contracts';

/**
 * The platform's failures in the plugin's terms. Spec 4.4 gives `/addchannelinfo` its answers: a
 * sign-in wall asks for cookies, a missing or terminated channel is not found, anything else
 * means the platform could not be reached (also a timeout, which says as much to the user).
 */
export function platformError(f: SourceFailure, what: string): PlatformRefusedError {
  const d = f.diagnosis;
  if (d.kind === 'bot_check' || d.kind === 'age_restricted' || d.kind === 'private') {
    return new PlatformRefusedError(
      'cookies-required',
      E.cookiesRequired,
      `The platform requires cookies to read ${what}: ${d.cause} ${d.fix}`,
    );
  }
  if (f.notFound || d.kind === 'removed' || d.kind === 'unavailable') {
    return new PlatformRefusedError(
      'not-found',
      E.notFound,
      /terminated/i.test(f.stderr) ? `${what} was terminated on the platform` : `${what} was not found on the platform`,
    );
  }
  return new PlatformRefusedError(
    'unreachable',
    E.platformUnreachable,
    `Cannot reach the platform to read ${what}: ${d.cause} ${d.fix}`,
  );
}

/** A full listing of a tab that ended with an error (the fetcher's message). */
export const listingFailed = (tab: string, error: string | null) =>
  new PlatformRefusedError('failed', E.platformUnreachable, `Listing the ${tab} tab failed: ${error}`);

/** A channel search that ran out of time (the plugin's own limit or yt-dlp's). */
export const searchTimedOut = (timeoutMs: number) =>
  new PlatformRefusedError(
    'timeout',
    E.searchTimeout,
    `The search took longer than ${Math.round(timeoutMs / 1000)} seconds`,
  );

/** A channel search the platform (through yt-dlp) did not answer. */
export const searchFailed = (f: SourceFailure) =>
  new PlatformRefusedError('failed', E.searchFailed, `The search failed: ${f.diagnosis.cause} ${f.diagnosis.fix}`);
