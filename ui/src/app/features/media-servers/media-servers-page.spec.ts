import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { mediaConfigView, openMediaServersPage, serveMediaServers } from '../../../testing/fixtures/media-servers';
import { defaultPlugins } from '../../../testing/fixtures/plugins';
import { settle } from '../../../testing/settle';
import { MediaServersPage } from './media-servers-page';

describe('MediaServersPage', () => {
  let fixture: ComponentFixture<MediaServersPage>;
  let api: FakeApi;
  const d = () => dom(fixture);
  const card = (kind: string) => d().one(`[data-testid="server-card-${kind}"]`);

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    fixture.destroy();
    vi.useRealTimers();
  });

  it('shows one card per kind with its state, what is missing and its plugin switch', async () => {
    ({ fixture } = await openMediaServersPage({
      config: mediaConfigView({
        configuredSecrets: ['jellyfinApiKey', 'plexApiKey'],
        mediaserverUrl: 'http://plex:32400',
        jellyfinEnabled: true,
        jellyfinUrl: 'http://jellyfin:8096',
        jellyfinUserId: '5f0c5e5a9d8e4c1fa2b3c4d5e6f70811',
      }),
    }));
    expect(
      d()
        .all('h2')
        .map((h) => h.textContent?.trim()),
    ).toEqual(['Plex', 'Jellyfin', 'Emby', 'Watch status']);
    expect(d().text('[data-testid="plex-state"]')).toBe('Connected');
    expect(d().text('[data-testid="jellyfin-state"]')).toBe('Connected');
    expect(d().text('[data-testid="emby-state"]')).toBe('Not set up');
    expect(d().text('[data-testid="emby-missing"]')).toBe(
      'To publish playlists here: switch “Publish to Emby” on, give the server URL, an API key, choose the playlist owner, then save.',
    );
    expect(d().one('[data-testid="plex-missing"]')).toBeNull();
    expect(d().one('[data-testid="plugin-switch-emby"] button')?.getAttribute('aria-label')).toBe('Emby plugin');
  });

  it('tells the plugin switch and the card’s own switches apart, under headings', async () => {
    ({ fixture } = await openMediaServersPage());
    for (const [kind, label] of [
      ['jellyfin', 'Jellyfin'],
      ['emby', 'Emby'],
    ] as const) {
      const c = card(kind)!;
      // The header's switch says what it is; the publish switch has its own heading and words.
      expect(d().text(`[data-testid="plugin-switch-${kind}"]`)).toBe('Plugin on');
      expect(d().text(`[data-testid="${kind}-plugin-hint"]`)).toContain(`everything vidkeep does with ${label}`);
      expect([...c.querySelectorAll('h3')].map((h) => h.textContent?.trim())).toEqual([
        'Publishing',
        'Connection',
        'Watch status',
      ]);
      const publishing = c.querySelector(`[data-testid="${kind}-publishing-title"]`)!.nextElementSibling!;
      expect(publishing.querySelector(`[data-testid="config-${kind}Enabled"]`)?.textContent).toContain(
        `Publish to ${label}`,
      );
      expect(publishing.querySelector(`[data-testid="config-${kind}WatchStatusAllUsers"]`)).toBeNull();
    }
  });

  it('switches a kind off: its card says so, its checks wait, its settings stay', async () => {
    ({ fixture, api } = await openMediaServersPage());
    d().click('[data-testid="plugin-switch-emby"] button');
    await settle(fixture);
    expect(api.callsTo('PATCH', '/api/plugins/emby')[0]?.body).toEqual({ enabled: false });
    expect(d().text('[data-testid="emby-state"]')).toBe('Switched off');
    expect(d().text('[data-testid="emby-off"]')).toContain('vidkeep sends nothing to Emby');
    expect(d().one<HTMLButtonElement>('[data-testid="emby-test"]')?.disabled).toBe(true);
    expect(d().one('[data-testid="config-embyUrl"]')).not.toBeNull();
    // The status is read again after the switch.
    expect(api.callsTo('GET', '/api/mediaservers/status')).toHaveLength(2);
  });

  it('says which kind the manifest does not load', async () => {
    ({ fixture } = await openMediaServersPage({
      plugins: defaultPlugins().map((p) => (p.id === 'emby' ? { ...p, inManifest: false, enabled: false } : p)),
    }));
    expect(d().text('[data-testid="emby-state"]')).toBe('Not loaded');
    expect(d().text('[data-testid="emby-not-loaded"]')).toContain(
      'plugin-manifest.json does not enable the emby plugin',
    );
    expect(card('emby')?.querySelector('form')).toBeNull();
  });

  it('explains a failed load and tries again', async () => {
    TestBed.configureTestingModule({ providers: [provideRouter([]), provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    serveMediaServers(api);
    api.on('GET', '/getconfig', () => {
      throw new ApiError(500, 'Reading the config failed');
    });
    fixture = TestBed.createComponent(MediaServersPage);
    await settle(fixture);
    expect(d().text('[data-testid="media-servers-error"]')).toContain(
      'The configuration could not be loaded: Reading the config failed',
    );
    api.on('GET', '/getconfig', () => mediaConfigView());
    d().click('[data-testid="media-servers-error"] button');
    await settle(fixture);
    expect(d().one('[data-testid="media-servers-error"]')).toBeNull();
    expect(card('plex')).not.toBeNull();
  });
});
