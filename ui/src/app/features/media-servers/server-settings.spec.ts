import { signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { provideFakeApi } from '../../../testing/fake-api';
import { loadedConfigSchema } from '../../../testing/config-schema';
import { ConfigApi } from '../../shared/config-form/config-api';
import type { ConfigSchema } from '../../shared/config-form/config-schema';
import { mediaConfigView } from '../../../testing/fixtures/media-servers';
import type { ConfigView } from '../../shared/config-form/config-fields';
import { MediaBrowserSettings } from './mediabrowser-settings';
import { MediaServersApi } from './media-servers-api';
import { PlexSettings } from './plex-settings';

describe('media-server settings (state)', () => {
  const view = signal<ConfigView>(mediaConfigView());
  let schema: ConfigSchema;
  const options = () => ({
    client: TestBed.inject(MediaServersApi),
    config: TestBed.inject(ConfigApi),
    schema,
    view,
    saved: (v: ConfigView) => view.set(v),
  });

  beforeEach(async () => {
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    view.set(mediaConfigView());
    schema = await loadedConfigSchema();
  });

  it('Jellyfin and Emby: says what is missing, and sends typed values only', () => {
    const emby = new MediaBrowserSettings(options(), 'emby', 'Emby');
    expect(emby.keys.libraries).toBe('embyVideoLibraryIds');
    expect(emby.missing()).toMatch(/^To publish playlists here: switch “Publish to Emby” on, give the server URL/);
    view.set(
      mediaConfigView({
        configuredSecrets: ['embyApiKey'],
        embyEnabled: true,
        embyUrl: 'http://emby:8096',
        embyUserId: 'u1',
      }),
    );
    expect(emby.missing()).toBeNull();
    expect(emby.body()).toEqual({ embyUrl: 'http://emby:8096', embyUserId: 'u1' });
    emby.cf.form().controls['embyApiKey']!.setValue('k2');
    expect(emby.body()).toEqual({ embyUrl: 'http://emby:8096', embyApiKey: 'k2', embyUserId: 'u1' });
    emby.cf.toggleClear('embyApiKey', true);
    expect(emby.body()['embyApiKey']).toBeUndefined();
  });

  it('Plex: an address and a token make it complete; a forced URL is never part of the test', () => {
    const plex = new PlexSettings(options());
    expect(plex.missing()).toBe('To publish playlists here: give the server URL, sign in with Plex, then save.');
    view.set(mediaConfigView({ configuredSecrets: ['plexApiKey'], plexIP: '192.168.1.20' }));
    expect(plex.missing()).toBeNull();
    expect(plex.body()).toEqual({ plexIP: '192.168.1.20', plexPort: '32400', plexViaHttps: false, mediaserverUrl: '' });
    expect(plex.edited(['plexIP'])).toBe(false);
    plex.cf.form().controls['plexIP']!.setValue('10.0.0.2');
    expect(plex.edited(['plexIP'])).toBe(true);
    view.set(mediaConfigView({ readOnlyKeys: ['mediaserverUrl'], mediaserverUrl: 'http://forced:32400' }));
    expect(plex.body()['mediaserverUrl']).toBeUndefined();
  });
});
