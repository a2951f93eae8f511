import type { ComponentFixture } from '@angular/core/testing';
import { dom } from '../../../testing/dom';
import { matSelect } from '../../../testing/mat-select';
import type { FakeApi } from '../../../testing/fake-api';
import {
  mediaConfigView,
  openMediaServersPage,
  type MediaServersServer,
} from '../../../testing/fixtures/media-servers';
import { settle } from '../../../testing/settle';
import type { MediaServersPage } from './media-servers-page';
import { PIN_POLL_MS } from './plex-sign-in';

const FORCED = {
  isPlatformManaged: {
    useTmpForDownloads: false,
    ytdlpUpdates: false,
    sourceOutputDirectory: false,
    mediaserverUrl: true,
    authEnabled: true,
  },
  readOnlyKeys: ['mediaserverUrl'],
  mediaserverUrl: 'http://media.example.lan:32400',
};

describe('PlexCard', () => {
  let fixture: ComponentFixture<MediaServersPage>;
  let api: FakeApi;
  let server: MediaServersServer;
  const d = () => dom(fixture);
  const select = (key: string) => matSelect(fixture, `[data-testid="config-${key}"]`);

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    fixture.destroy();
    vi.useRealTimers();
  });

  it('shows the URL that MEDIASERVER_URL forces read-only with why, and never sends it', async () => {
    ({ fixture, api } = await openMediaServersPage({ config: mediaConfigView(FORCED) }));
    const url = d().one<HTMLInputElement>('[data-testid="config-mediaserverUrl"]')!;
    expect([url.value, url.disabled]).toEqual(['http://media.example.lan:32400', true]);
    expect(url.closest('mat-form-field')?.textContent).toContain(
      'Read-only: Set by the MEDIASERVER_URL environment variable, which takes precedence.',
    );
    d().type('[data-testid="config-plexApiKey"]', 'plex-token-1');
    d().click('[data-testid="plex-test"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/mediaservers/plex/test')[0]?.body).toEqual({
      plexIP: '',
      plexPort: '32400',
      plexViaHttps: false,
      plexApiKey: 'plex-token-1',
    });
    expect(d().text('[data-testid="plex-test-notice"]')).toBe('Connected to Fake Plex: Plex 1.41.3.9314.');
    // The typed token is not saved yet: the libraries (read with the saved one) wait for Save.
    expect(d().text('[data-testid="plex-lists-notice"]')).toBe(
      'Save the connection, then test again to list this server’s libraries.',
    );
    d().click('[data-testid="plex-save"]');
    await settle(fixture);
    expect(api.callsTo('PATCH', '/api/config')[0]?.body).toEqual({ plexApiKey: 'plex-token-1' });
  });

  it('signs in with Plex in a popup, then tests the saved connection and lists the libraries', async () => {
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    ({ fixture, api, server } = await openMediaServersPage({
      config: mediaConfigView({ mediaserverUrl: 'http://plex:32400' }),
    }));
    api.on('GET', '/plex/auth-url', () => ({ authUrl: 'https://app.plex.tv/auth#?code=abc', pinId: 7 }));
    let approved = false;
    api.on('GET', '/plex/check-pin/7', () => {
      if (!approved) return { status: 'pending', message: 'Waiting' };
      server.config = { ...server.config, configuredSecrets: [...server.config.configuredSecrets, 'plexApiKey'] };
      return { status: 'saved', message: 'Signed in to Plex: the token is saved' };
    });
    d().type('[data-testid="config-plexPlaylistToken"]', 'friend-token');
    d().click('[data-testid="plex-sign-in"]');
    expect(open).toHaveBeenCalledWith('', 'vidkeep-plex-sign-in', 'popup,width=620,height=720');
    await settle(fixture);
    expect(popup.location.href).toBe('https://app.plex.tv/auth#?code=abc');
    expect(d().text('[data-testid="plex-sign-in"]')).toBe('Waiting for Plex…');
    approved = true;
    await settle(fixture, PIN_POLL_MS);
    await settle(fixture);
    expect(d().text('[data-testid="plex-sign-in-notice"]')).toBe('Signed in to Plex: the token is saved');
    expect(popup.close).toHaveBeenCalled();
    expect(d().text('[data-testid="config-secret-plexApiKey"]')).toBe('set');
    expect(d().text('[data-testid="plex-test-notice"]')).toBe('Connected to Fake Plex: Plex 1.41.3.9314.');
    // What was typed elsewhere in the card survives the new configuration.
    expect(d().one<HTMLInputElement>('[data-testid="config-plexPlaylistToken"]')?.value).toBe('friend-token');
    expect(select('plexSourceLibraryId').options.map((o) => o.viewValue)).toEqual([
      'None: no scan after downloads',
      'Other videos (movie)',
      'Music (artist)',
    ]);
    open.mockRestore();
  });

  it('edits the library per subfolder as rows and saves them with the other keys', async () => {
    ({ fixture, api } = await openMediaServersPage({
      config: mediaConfigView({
        configuredSecrets: ['plexApiKey'],
        mediaserverUrl: 'http://plex:32400',
        plexSubfolderLibraryMappings: [{ subfolder: 'music', libraryId: '2' }],
      }),
    }));
    d().click('[data-testid="plex-test"]');
    await settle(fixture);
    expect(d().all('[data-testid="mapping-row"]')).toHaveLength(1);
    d().click('[data-testid="mapping-add"]');
    await settle(fixture);
    d().click('[data-testid="plex-save"]');
    await settle(fixture);
    expect(d().text('[data-testid="plex-error"]')).toContain('Some values are not valid');
    expect(d().text('[data-testid="config-plexSubfolderLibraryMappings"]')).toContain(
      'Choose a library for every subfolder',
    );
    const rows = d().all('[data-testid="mapping-row"]');
    const input = rows[1]!.querySelector('input')!;
    input.value = 'clips';
    input.dispatchEvent(new Event('input'));
    matSelect(fixture, '[data-testid="mapping-row"] mat-select', 1).options.get(1)!.select();
    select('plexSourceLibraryId').options.get(1)!.select();
    await settle(fixture);
    d().click('[data-testid="plex-save"]');
    await settle(fixture);
    expect(api.callsTo('PATCH', '/api/config')[0]?.body).toEqual({
      plexSourceLibraryId: '1',
      plexSubfolderLibraryMappings: [
        { subfolder: 'music', libraryId: '2' },
        { subfolder: 'clips', libraryId: '1' },
      ],
    });
    rows[0]!.querySelector('button')!.click();
    await settle(fixture);
    expect(d().all('[data-testid="mapping-row"]')).toHaveLength(1);
  });
});
