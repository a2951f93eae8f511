import {
  connectionToTry,
  InvalidInputError,
  EmbyErrorCodes as E,
  pickLibraries,
  UnavailableError,
  type EmbyConfigSection,
  type EmbyConnectionBody,
  type MediaServerLibrary,
  type NoLibrary,
  type PlaylistMediaType,
} from '@vidkeep/contracts';

/**
 * What the saved Emby settings mean: whether Emby is configured, which connection a
 * settings check tries, and which libraries hold a playlist's files (the rules themselves are the
 * contracts' `connectionToTry` and `pickLibraries`, shared by every kind).
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
  return { ...conn, userId: body.embyUserId ?? saved.embyUserId };
}

const NO_LIBRARY: Record<NoLibrary, string> = {
  music: 'Emby has no music library: add one that covers the download folder to publish audio playlists',
  chosen: 'None of the chosen Emby video libraries exists any more: choose them again in the settings',
  video: 'Emby has no video library: add one that covers the download folder',
};

export function librariesFor(
  all: readonly MediaServerLibrary[],
  s: EmbySettings,
  mediaType: PlaylistMediaType,
): MediaServerLibrary[] {
  const picked = pickLibraries(all, s.embyVideoLibraryIds, mediaType);
  if ('none' in picked) throw new UnavailableError(E.noLibrary, NO_LIBRARY[picked.none]);
  return picked.libraries;
}
