import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../core/api';
import { PluginsApi } from './plugins-api';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { defaultPlugins } from '../../../testing/fixtures/plugins';
import { blankFixture } from '../../../testing/host';
import { settle } from '../../../testing/settle';
import { PluginSwitches, type PluginInfo } from './plugin-switches';

describe('PluginSwitches', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<unknown>;
  let switches: PluginSwitches;
  let switched: PluginInfo[];

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    fixture = blankFixture();
    switched = [];
    switches = new PluginSwitches(TestBed.inject(PluginsApi), (p) => switched.push(p));
    api.on('GET', '/api/plugins', () => ({ plugins: defaultPlugins() }));
  });

  afterEach(() => vi.useRealTimers());

  it('lists the plugins and finds one by id', async () => {
    void switches.load();
    await settle(fixture);
    expect(switches.plugins()?.map((p) => p.id)).toEqual([
      'scheduler',
      'downloader',
      'playlists',
      'plex',
      'jellyfin',
      'emby',
    ]);
    expect(switches.plugin('plex')?.enabled).toBe(true);
    expect(switches.plugin('acme')).toBeNull();
  });

  it('switches a plugin with the server’s answer, busy meanwhile', async () => {
    void switches.load();
    await settle(fixture);
    api.on('PATCH', '/api/plugins/emby', (call) => ({
      plugin: { ...switches.plugin('emby')!, enabled: (call.body as { enabled: boolean }).enabled },
    }));
    const done = switches.set('emby', false);
    expect(switches.switching.has('emby')).toBe(true);
    await settle(fixture);
    expect(await done).toBe(true);
    expect(switches.switching.has('emby')).toBe(false);
    expect(switches.plugin('emby')?.enabled).toBe(false);
    expect(switched.map((p) => [p.id, p.enabled])).toEqual([['emby', false]]);
    expect(api.callsTo('PATCH', '/api/plugins/emby')[0]?.body).toEqual({ enabled: false });
  });

  it('keeps the state and says why when the server refuses', async () => {
    void switches.load();
    await settle(fixture);
    api.on('PATCH', '/api/plugins/downloader', () => {
      throw new ApiError(
        409,
        'The "downloader" plugin cannot be switched off while "channels", "playlists" depend on it',
        'CORE_PLUGIN_REQUIRED',
      );
    });
    const done = switches.set('downloader', false);
    await settle(fixture);
    expect(await done).toBe(false);
    expect(switches.plugin('downloader')?.enabled).toBe(true);
    expect(switches.errors.get('downloader')).toBe(
      'Not switched off: The "downloader" plugin cannot be switched off while "channels", "playlists" depend on it',
    );
    expect(switched).toEqual([]);
  });

  it('says when the list cannot be read', async () => {
    api.on('GET', '/api/plugins', () => {
      throw new ApiError(0, 'The server cannot be reached. Is vidkeep running?');
    });
    void switches.load();
    await settle(fixture);
    expect(switches.loadError()).toBe(
      'The plugins could not be listed: The server cannot be reached. Is vidkeep running?',
    );
  });
});
