import type {
  MediaServerConnectionOk,
  MediaServerLibrary,
  MediaServerUser,
  PlexConnectionResult,
  PlexLibrary,
} from '@vidkeep/contracts';
import type { FieldOption } from '../../shared/config-form/config-fields';
import type { PluginInfo } from '../../shared/plugin-switch/plugin-switches';

export type { MediaServerConnectionOk, MediaServerLibrary, MediaServerUser, PlexConnectionResult, PlexLibrary };

export type ServerKind = 'plex' | 'jellyfin' | 'emby';

/** What a successful Jellyfin or Emby test found, in words. */
export function connectedText(label: string, r: MediaServerConnectionOk): string {
  const owner = r.user ? `; playlists will belong to ${r.user.name}` : '';
  return `Connected to ${r.serverName ?? `the ${label} server`}: ${label} ${r.version}${owner}.`;
}

export function plexConnectedText(r: PlexConnectionResult): string {
  return `Connected to ${r.friendlyName}: Plex ${r.version}.`;
}

/**
 * The choices of a picker the server fills (users, libraries): its entries, then saved values it
 * did not list (a user deleted on the server, or the lists not loaded yet), so that the control
 * still shows them; `none` first when the key may be empty.
 */
export function choicesOf(
  listed: readonly FieldOption[] | null,
  saved: readonly string[],
  none: string | null = null,
): FieldOption[] {
  const known = new Set((listed ?? []).map((o) => o.value));
  const missing = saved.filter((v) => v !== '' && !known.has(v));
  const kept = missing.map((v) => ({ value: v, label: listed ? `${v} (not on the server)` : v }));
  return [...(none === null ? [] : [{ value: '', label: none }]), ...(listed ?? []), ...kept];
}

export const userChoice = (u: MediaServerUser): FieldOption => ({
  value: u.id,
  label: u.isAdministrator ? `${u.name} (administrator)` : u.name,
});

/** Video libraries only: audio playlists always use every music library. */
export const videoLibraryChoices = (libs: readonly MediaServerLibrary[]): FieldOption[] =>
  libs.filter((l) => l.type !== 'music').map((l) => ({ value: l.id, label: `${l.name} (${l.type ?? 'mixed'})` }));

/** Libraries Plex can scan after downloads (photo libraries hold no downloads). */
export const plexLibraryChoices = (libs: readonly PlexLibrary[]): FieldOption[] =>
  libs.filter((l) => l.type !== 'photo').map((l) => ({ value: l.id, label: `${l.title} (${l.type})` }));

/** The card's state in a badge: not loaded, switched off, connected (set up and on) or not set up yet. */
export function serverState(
  plugin: PluginInfo | null,
  connected: boolean | null,
): { text: string; tone: 'ok' | 'off' | 'bad' } {
  if (!plugin?.inManifest) return { text: 'Not loaded', tone: 'off' };
  if (!plugin.enabled) return { text: 'Switched off', tone: 'off' };
  if (connected) return { text: 'Connected', tone: 'ok' };
  return { text: 'Not set up', tone: 'off' };
}
