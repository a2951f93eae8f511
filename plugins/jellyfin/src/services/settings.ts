import {
  connectionToTry,
  InvalidInputError,
  JellyfinErrorCodes as E,
  pickLibraries,
  UnavailableError,
  type JellyfinConfigSection,
  type JellyfinConnectionBody,
  type MediaServerLibrary,
  type NoLibrary,
  type PlaylistMediaType,
} from '@vidkeep/contracts';

/**
 * What the saved Jellyfin settings mean: whether Jellyfin is configured, which connection a
 * settings check tries, and which libraries hold a playlist's files (the rules themselves are the
 * contracts' `connectionToTry` and `pickLibraries`, shared by every kind).
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
  return { ...conn, userId: body.jellyfinUserId ?? saved.jellyfinUserId };
}

const NO_LIBRARY: Record<NoLibrary, string> = {
  music: 'Jellyfin has no music library: add one that covers the download folder to publish audio playlists',
  chosen: 'None of the chosen Jellyfin video libraries exists any more: choose them again in the settings',
  video: 'Jellyfin has no video library: add one that covers the download folder',
};

export function librariesFor(
  all: readonly MediaServerLibrary[],
  s: JellyfinSettings,
  mediaType: PlaylistMediaType,
): MediaServerLibrary[] {
  const picked = pickLibraries(all, s.jellyfinVideoLibraryIds, mediaType);
  if ('none' in picked) throw new UnavailableError(E.noLibrary, NO_LIBRARY[picked.none]);
  return picked.libraries;
}
