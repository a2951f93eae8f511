import {
  connectionToTry,
  CoreErrorCodes,
  InvalidInputError,
  EmbyErrorCodes as E,
  type EmbyConfigSection,
  type EmbyConnectionBody,
} from '@vidkeep/contracts';

/**
 * What the saved Emby settings mean: whether Emby is configured and which connection a
 * settings check tries (the rule itself is the contracts' `connectionToTry`, shared by every kind).
 */
export type EmbySettings = Readonly<EmbyConfigSection>;

/** Reference 1.10: enabled, and URL, API key and user id all set. */
export const isConfigured = (s: EmbySettings): boolean =>
  s.embyEnabled && s.embyUrl !== '' && s.embyApiKey !== '' && s.embyUserId !== '';

const MISSING = {
  url: 'Enter the Emby URL first',
  key: 'Enter the Emby API key first',
  'key-for-new-url': 'Enter the API key for this URL: the saved key is only ever sent to the saved URL',
};

export function connectionFor(
  body: EmbyConnectionBody,
  saved: EmbySettings,
): { url: string; apiKey: string; userId: string } {
  const conn = connectionToTry(
    { url: body.embyUrl, apiKey: body.embyApiKey },
    { url: saved.embyUrl, apiKey: saved.embyApiKey },
  );
  if ('missing' in conn) throw new InvalidInputError(E.notConfigured, MISSING[conn.missing]);
  if ('invalid' in conn) {
    throw new InvalidInputError(CoreErrorCodes.validationFailed, conn.invalid, {
      details: [{ path: 'body/embyUrl', message: conn.invalid }],
    });
  }
  return { ...conn, userId: body.embyUserId ?? saved.embyUserId };
}
