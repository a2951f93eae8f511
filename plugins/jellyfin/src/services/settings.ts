import {
  connectionToTry,
  CoreErrorCodes,
  InvalidInputError,
  JellyfinErrorCodes as E,
  type JellyfinConfigSection,
  type JellyfinConnectionBody,
} from '@vidkeep/contracts';

/**
 * What the saved Jellyfin settings mean: whether Jellyfin is configured and which connection a
 * settings check tries (the rule itself is the contracts' `connectionToTry`, shared by every kind).
 */
export type JellyfinSettings = Readonly<JellyfinConfigSection>;

/** Reference 1.10: enabled, and URL, API key and user id all set. */
export const isConfigured = (s: JellyfinSettings): boolean =>
  s.jellyfinEnabled && s.jellyfinUrl !== '' && s.jellyfinApiKey !== '' && s.jellyfinUserId !== '';

const MISSING = {
  url: 'Enter the Jellyfin URL first',
  key: 'Enter the Jellyfin API key first',
  'key-for-new-url': 'Enter the API key for this URL: the saved key is only ever sent to the saved URL',
};

export function connectionFor(
  body: JellyfinConnectionBody,
  saved: JellyfinSettings,
): { url: string; apiKey: string; userId: string } {
  const conn = connectionToTry(
    { url: body.jellyfinUrl, apiKey: body.jellyfinApiKey },
    { url: saved.jellyfinUrl, apiKey: saved.jellyfinApiKey },
  );
  if ('missing' in conn) throw new InvalidInputError(E.notConfigured, MISSING[conn.missing]);
  if ('invalid' in conn) {
    throw new InvalidInputError(CoreErrorCodes.validationFailed, conn.invalid, {
      details: [{ path: 'body/jellyfinUrl', message: conn.invalid }],
    });
  }
  return { ...conn, userId: body.jellyfinUserId ?? saved.jellyfinUserId };
}
