import { computed, signal } from '@angular/core';
import type { FieldOption } from '../../shared/config-form/config-fields';
import {
  choicesOf,
  connectedText,
  userChoice,
  videoLibraryChoices,
  type MediaServerLibrary,
  type MediaServerUser,
} from './server-format';
import type { MediaBrowserCheckBody } from './media-servers-api';
import { ServerSettings, type ServerSettingsOptions } from './server-settings';

/** The Jellyfin-type kinds: the same keys and checks under their own prefix. */
export type MediaBrowserKind = 'jellyfin' | 'emby';

/** The config keys of a kind: `jellyfinUrl`, `embyUrl`, ... */
export function mediaBrowserKeys(kind: MediaBrowserKind) {
  return {
    enabled: `${kind}Enabled`,
    url: `${kind}Url`,
    apiKey: `${kind}ApiKey`,
    userId: `${kind}UserId`,
    libraries: `${kind}VideoLibraryIds`,
    watchAllUsers: `${kind}WatchStatusAllUsers`,
  } as const;
}

/**
 * A Jellyfin or Emby card's state: `<kind>Enabled`, `Url`, `ApiKey`, `UserId`,
 * `VideoLibraryIds` and `WatchStatusAllUsers`, the connection test and the user and library pickers
 * (`POST /api/mediaservers/<kind>/test|users|libraries`, which try the unsaved URL, key and
 * user and fall back to the saved ones, so a saved key is never typed again).
 */
export class MediaBrowserSettings extends ServerSettings {
  readonly keys: ReturnType<typeof mediaBrowserKeys>;
  readonly users = signal<MediaServerUser[] | null>(null);
  readonly libraries = signal<MediaServerLibrary[] | null>(null);
  /** Null until the users are listed: the field stays a text input for a pasted id. */
  readonly userChoices = computed<FieldOption[] | null>(() => {
    const users = this.users();
    if (!users) return null;
    return choicesOf(users.map(userChoice), [String(this.field(this.keys.userId).value ?? '')], 'Nobody chosen');
  });
  readonly libraryChoices = computed<FieldOption[]>(() => {
    const libs = this.libraries();
    const saved = this.field(this.keys.libraries).value;
    return choicesOf(libs ? videoLibraryChoices(libs) : null, Array.isArray(saved) ? saved.map(String) : []);
  });

  constructor(
    options: ServerSettingsOptions,
    readonly kind: MediaBrowserKind,
    readonly label: string,
  ) {
    const keys = mediaBrowserKeys(kind);
    super(options, Object.values(keys), [keys.watchAllUsers]);
    this.keys = keys;
  }

  /** What is missing before playlists go to this server (from the saved values), or null. */
  missing(): string | null {
    const k = this.keys;
    const needs = [
      !this.field(k.enabled).value && `switch “${this.field(k.enabled).label}” on`,
      !this.field(k.url).value && 'give the server URL',
      !this.field(k.apiKey).secretSet && 'an API key',
      !this.field(k.userId).value && 'choose the playlist owner',
    ].filter((n): n is string => typeof n === 'string');
    return needs.length ? `To publish playlists here: ${needs.join(', ')}, then save.` : null;
  }

  /** The body of the checks: the URL and user as typed, the key only when one was typed. */
  body(): MediaBrowserCheckBody {
    const k = this.keys;
    // The keys are this kind's (`jellyfinUrl` or `embyUrl`…), which the index signature cannot say.
    const body: Record<string, string> = {};
    const url = String(this.typed(k.url) ?? '');
    if (url) body[k.url] = url;
    const key = this.typedSecret(k.apiKey);
    if (key) body[k.apiKey] = key;
    body[k.userId] = String(this.typed(k.userId) ?? '');
    return body;
  }

  /** Asks the server for its version (and the user), then lists its users and libraries. */
  async testConnection(): Promise<void> {
    const k = this.keys;
    const ok = await this.runTest([k.url, k.apiKey, k.userId], async () => {
      const r = await this.options.client.mediaBrowserTest(this.kind, this.body());
      return connectedText(this.label, r);
    });
    if (ok) await this.loadLists();
  }

  async loadLists(): Promise<void> {
    const body = { ...this.body() };
    delete body[this.keys.userId];
    await this.lists.run(async () => {
      const [u, l] = await Promise.all([
        this.options.client.mediaBrowserUsers(this.kind, body),
        this.options.client.mediaBrowserLibraries(this.kind, body),
      ]);
      this.users.set(u.users);
      this.libraries.set(l.libraries);
    });
  }
}
