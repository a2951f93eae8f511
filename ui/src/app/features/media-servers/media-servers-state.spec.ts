import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ConfigApi } from '../../shared/config-form/config-api';
import { ConfigSchema } from '../../shared/config-form/config-schema';
import { PluginsApi } from '../../shared/plugin-switch/plugins-api';
import { ApiError } from '../../core/api';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { MediaServersApi } from './media-servers-api';
import { mediaConfigView, serveMediaServers } from '../../../testing/fixtures/media-servers';
import { blankFixture } from '../../../testing/host';
import { settle } from '../../../testing/settle';
import { MediaServersState } from './media-servers-state';

describe('MediaServersState', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<unknown>;
  let state: MediaServersState;

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    fixture = blankFixture();
    state = new MediaServersState(
      TestBed.inject(MediaServersApi),
      TestBed.inject(PluginsApi),
      TestBed.inject(ConfigApi),
      TestBed.inject(ConfigSchema),
    );
  });

  afterEach(() => vi.useRealTimers());

  it('reads the configuration, the plugins and which kinds are connected, again after a save', async () => {
    const server = serveMediaServers(api);
    void state.load();
    await settle(fixture);
    expect([state.connected('plex'), state.switches.plugin('emby')?.enabled]).toEqual([false, true]);
    server.config = mediaConfigView({ configuredSecrets: ['plexApiKey'], plexIP: '10.0.0.2' });
    state.saved(server.config);
    await settle(fixture);
    expect(state.config()?.['plexIP']).toBe('10.0.0.2');
    expect(state.connected('plex')).toBe(true);
  });

  it('leaves the connection state unknown when no plugin answers it', async () => {
    serveMediaServers(api);
    api.on('GET', '/api/mediaservers/status', () => {
      throw new ApiError(404, 'Route GET:/api/mediaservers/status not found');
    });
    void state.load();
    await settle(fixture);
    expect(state.connected('jellyfin')).toBeNull();
    expect(state.error()).toBeNull();
  });
});
