import type { ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import { matSelect } from '../../../testing/mat-select';
import type { FakeApi } from '../../../testing/fake-api';
import {
  JELLYFIN_LIBRARIES,
  JELLYFIN_USERS,
  defaultCheck,
  mediaConfigView,
  openMediaServersPage,
  type MediaServersServer,
} from '../../../testing/fixtures/media-servers';
import { settle } from '../../../testing/settle';
import type { MediaServersPage } from './media-servers-page';

describe('MediaBrowserCard (Jellyfin and Emby)', () => {
  let fixture: ComponentFixture<MediaServersPage>;
  let api: FakeApi;
  let server: MediaServersServer;
  const d = () => dom(fixture);
  const select = (key: string) => matSelect(fixture, `[data-testid="config-${key}"]`);
  const checks = (what: string) => api.callsTo('POST', `/api/mediaservers/jellyfin/${what}`).map((c) => c.body);

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    fixture.destroy();
    vi.useRealTimers();
  });

  it('connects a new server: URL and key, test with the version, owner and libraries from its lists, save', async () => {
    ({ fixture, api, server } = await openMediaServersPage());
    expect(d().one<HTMLInputElement>('[data-testid="config-jellyfinUserId"]')?.tagName).toBe('INPUT');
    d().type('[data-testid="config-jellyfinUrl"]', 'http://jellyfin:8096');
    d().type('[data-testid="config-jellyfinApiKey"]', 'c0ffee00c0ffee00c0ffee00c0ffee00');
    d().click('[data-testid="jellyfin-test"]');
    await settle(fixture);
    expect(checks('test')).toEqual([
      { jellyfinUrl: 'http://jellyfin:8096', jellyfinApiKey: 'c0ffee00c0ffee00c0ffee00c0ffee00', jellyfinUserId: '' },
    ]);
    expect(d().text('[data-testid="jellyfin-test-notice"]')).toBe('Connected to Fake Jellyfin: Jellyfin 10.11.11.');
    // The lists use the same unsaved URL and key.
    expect(checks('users')).toEqual([
      { jellyfinUrl: 'http://jellyfin:8096', jellyfinApiKey: 'c0ffee00c0ffee00c0ffee00c0ffee00' },
    ]);
    const owner = select('jellyfinUserId');
    expect(owner.options.map((o) => o.viewValue)).toEqual(['Nobody chosen', 'vidkeep (administrator)', 'family']);
    // Music libraries serve audio playlists by themselves: only video libraries are offered.
    expect(select('jellyfinVideoLibraryIds').options.map((o) => o.viewValue)).toEqual(['Videos (homevideos)']);
    owner.options.get(1)!.select();
    select('jellyfinVideoLibraryIds').options.get(0)!.select();
    d().click('[data-testid="config-jellyfinEnabled"] button');
    await settle(fixture);
    expect(d().text('[data-testid="server-card-jellyfin"] .actions')).toContain('5 unsaved changes');
    d().click('[data-testid="jellyfin-save"]');
    await settle(fixture);
    expect(api.callsTo('PATCH', '/api/config')[0]?.body).toEqual({
      jellyfinEnabled: true,
      jellyfinUrl: 'http://jellyfin:8096',
      jellyfinApiKey: 'c0ffee00c0ffee00c0ffee00c0ffee00',
      jellyfinUserId: JELLYFIN_USERS[0]!.id,
      jellyfinVideoLibraryIds: [JELLYFIN_LIBRARIES[0]!.id],
    });
    expect(d().text('[data-testid="jellyfin-status"]')).toBe('Saved 5 settings.');
    expect(d().text('[data-testid="jellyfin-state"]')).toBe('Connected');
    expect(d().text('[data-testid="config-secret-jellyfinApiKey"]')).toBe('set');
    expect(d().one<HTMLInputElement>('[data-testid="config-jellyfinApiKey"]')?.value).toBe('');
    expect(server.config['jellyfinEnabled']).toBe(true);
  });

  it('tests saved settings without sending the saved key, and names the playlist owner', async () => {
    ({ fixture, api } = await openMediaServersPage({
      config: mediaConfigView({
        configuredSecrets: ['embyApiKey'],
        embyEnabled: true,
        embyUrl: 'http://emby:8096',
        embyUserId: JELLYFIN_USERS[1]!.id,
      }),
    }));
    d().click('[data-testid="emby-test"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/mediaservers/emby/test')[0]?.body).toEqual({
      embyUrl: 'http://emby:8096',
      embyUserId: JELLYFIN_USERS[1]!.id,
    });
    expect(d().text('[data-testid="emby-test-notice"]')).toBe(
      'Connected to Fake Emby: Emby 10.11.11; playlists will belong to family.',
    );
  });

  it('says in plain words why a test failed, and checks the fields first', async () => {
    ({ fixture, api, server } = await openMediaServersPage());
    d().type('[data-testid="config-jellyfinUrl"]', 'jellyfin:8096');
    d().click('[data-testid="jellyfin-test"]');
    await settle(fixture);
    expect(checks('test')).toEqual([]);
    expect(d().text('[data-testid="jellyfin-test-error"]')).toBe('Not tested: correct the highlighted fields first.');
    expect(d().text('[data-testid="server-card-jellyfin"] mat-error')).toContain('http:// or https://');
    server.check = (kind, what, body) => {
      if (what === 'test') throw new ApiError(502, 'Jellyfin rejected the API key (HTTP 401)', 'JELLYFIN_KEY_REJECTED');
      return defaultCheck(kind, what, body);
    };
    d().type('[data-testid="config-jellyfinUrl"]', 'http://jellyfin:8096');
    d().type('[data-testid="config-jellyfinApiKey"]', 'wrongkey');
    d().click('[data-testid="jellyfin-test"]');
    await settle(fixture);
    expect(d().text('[data-testid="jellyfin-test-error"]')).toBe(
      'Not connected: Jellyfin rejected the API key (HTTP 401)',
    );
    expect(checks('users')).toEqual([]);
  });

  it('keeps a saved owner the server no longer lists, and shows saved libraries before any test', async () => {
    ({ fixture } = await openMediaServersPage({
      config: mediaConfigView({ jellyfinUserId: 'deadbeef', jellyfinVideoLibraryIds: ['0123abcd'] }),
    }));
    expect(select('jellyfinVideoLibraryIds').options.map((o) => o.viewValue)).toEqual(['0123abcd']);
    d().type('[data-testid="config-jellyfinApiKey"]', 'c0ffee');
    d().type('[data-testid="config-jellyfinUrl"]', 'http://jellyfin:8096');
    d().click('[data-testid="jellyfin-test"]');
    await settle(fixture);
    expect(select('jellyfinUserId').options.map((o) => o.viewValue)).toContain('deadbeef (not on the server)');
    expect(select('jellyfinVideoLibraryIds').options.map((o) => o.viewValue)).toEqual([
      'Videos (homevideos)',
      '0123abcd (not on the server)',
    ]);
  });
});
