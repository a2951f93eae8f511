import { computed, signal } from '@angular/core';
import type { PlexConnectionTest } from '@vidkeep/contracts';
import type { FieldOption } from '../../shared/config-form/config-fields';
import { choicesOf, plexConnectedText, plexLibraryChoices, type PlexLibrary } from './server-format';
import { ServerSettings, type ServerSettingsOptions } from './server-settings';

/** What addresses the Plex server and signs in: a change of these is tested before it is saved. */
export const PLEX_CONNECTION_KEYS = ['mediaserverUrl', 'plexIP', 'plexPort', 'plexViaHttps', 'plexApiKey'] as const;
/** Whose watch status the watch-status sync pulls from Plex. */
export const PLEX_WATCH_KEY = 'plexWatchStatusAllUsers';
export const PLEX_KEYS = [
  ...PLEX_CONNECTION_KEYS,
  'plexPlaylistToken',
  'plexSourceLibraryId',
  'plexSubfolderLibraryMappings',
  PLEX_WATCH_KEY,
] as const;

/**
 * The Plex card's state: the address (`mediaserverUrl`, which `MEDIASERVER_URL` may force, or
 * host, port and https), the tokens, the library scanned after downloads and the libraries per
 * subfolder, whose watch status is synced; the connection test (`POST /api/mediaservers/plex/test`, unsaved values welcome) and
 * the library list (`GET /getplexlibraries`, which reads the saved connection).
 */
export class PlexSettings extends ServerSettings {
  readonly libraries = signal<PlexLibrary[] | null>(null);
  /** Null until the libraries are listed: the field stays a text input for a library id. */
  readonly libraryChoices = computed<FieldOption[] | null>(() => {
    const libs = this.libraries();
    if (!libs) return null;
    const saved = String(this.field('plexSourceLibraryId').value ?? '');
    return choicesOf(plexLibraryChoices(libs), [saved], 'None: no scan after downloads');
  });

  constructor(options: ServerSettingsOptions) {
    super(options, PLEX_KEYS, [PLEX_WATCH_KEY]);
  }

  /** What is missing before playlists go to Plex (from the saved values), or null. */
  missing(): string | null {
    const address = this.field('mediaserverUrl').value || this.field('plexIP').value;
    const needs = [!address && 'give the server URL', !this.field('plexApiKey').secretSet && 'sign in with Plex'];
    const list = needs.filter((n): n is string => typeof n === 'string');
    return list.length ? `To publish playlists here: ${list.join(', ')}, then save.` : null;
  }

  /** The test's body: the address as typed (a forced URL is the server's), the token only when typed. */
  body(): PlexConnectionTest {
    const body: PlexConnectionTest = {
      plexIP: String(this.typed('plexIP') ?? ''),
      plexPort: String(this.typed('plexPort') ?? ''),
      plexViaHttps: this.typed('plexViaHttps') === true,
    };
    if (!this.field('mediaserverUrl').readOnly) body.mediaserverUrl = String(this.typed('mediaserverUrl') ?? '');
    const token = this.typedSecret('plexApiKey');
    if (token) body.plexApiKey = token;
    return body;
  }

  /** Asks Plex for its version; lists the libraries when the saved connection is the tested one. */
  async testConnection(): Promise<void> {
    const ok = await this.runTest(PLEX_CONNECTION_KEYS, async () => {
      const r = await this.options.client.plexTest(this.body());
      return plexConnectedText(r);
    });
    if (!ok) return;
    if (this.edited(PLEX_CONNECTION_KEYS)) {
      this.note.set('Save the connection, then test again to list this server’s libraries.');
    } else {
      await this.listLibraries();
    }
  }

  async listLibraries(): Promise<void> {
    await this.lists.run(async () => {
      const libs = await this.options.client.plexLibraries();
      if (libs.length === 0) throw new Error('Plex answered without libraries: add one over the download folder.');
      this.libraries.set(libs);
    });
  }
}
