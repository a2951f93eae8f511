import { PlaylistPageSpec } from '../../../../testing/playlist-page-spec';
import { ApiError } from '../../../core/api';
import { deferred } from '../../../../testing/fake-api';
import { dom } from '../../../../testing/dom';
import {
  PLAYLIST_ID,
  followedAutomatically,
  playlist,
  playlistDetail,
  playlistSettings,
} from '../../../../testing/fixtures/playlists';
import { poll } from '../../../../testing/poll';
import { settle } from '../../../../testing/settle';
import type { RefreshPlaylistResponse } from '../api-types';

const BASE = `/api/playlists/${PLAYLIST_ID}`;

describe('PlaylistHeader', () => {
  const page = new PlaylistPageSpec();
  const { q, text } = page;
  const overlay = () => dom(page.fixture, () => document.body);

  beforeEach(async () => {
    await page.open({
      detail: playlistDetail({
        playlist: playlist({
          auto_download: true,
          auto_download_setup_error: 'PLAYLIST_REFRESH_INCOMPLETE',
          last_listing_complete: false,
        }),
        requested_count: 4,
        unsyncable_count: 1,
      }),
    });
  });

  it('shows the figures, the last listing, the .m3u file and why automatic downloads wait', () => {
    expect(text('[data-testid="playlist-counts"]')).toBe(
      '3 videos · 2 not downloaded · 4 selected for automatic download · 1 without a file of the synced type (kept in the .m3u, not synced)',
    );
    expect(text('[data-testid="playlist-listed"]')).toMatch(
      /^Last listed Mar 1, 2026, .+ \(not verified as complete\)$/,
    );
    expect(text('[data-testid="playlist-m3u"]')).toBe('Playlist file: __playlists__/Fixture Playlist.m3u');
    const auto = q('[data-testid="playlist-auto-state"]')!;
    expect(auto.textContent).toContain('could not be verified as complete');
    expect(auto.classList.contains('warn')).toBe(true);
    expect(q('[data-testid="playlist-platform-link"]')?.getAttribute('href')).toBe(playlist().url);
  });

  it('refreshes with live progress, then shows what the listing found and reloads', async () => {
    const answer = deferred<RefreshPlaylistResponse>();
    page.api.on('POST', `${BASE}/refresh`, () => answer.promise);
    q('[data-testid="playlist-refresh"]')!.click();
    await settle(page.fixture);
    expect(text('[data-testid="playlist-refresh"]')).toBe('Listing…');
    page.live.send({ type: 'playlistFetchProgress', playlistId: PLAYLIST_ID, stage: 'saving', itemsFetched: 3 });
    await settle(page.fixture);
    expect(text('[data-testid="playlist-listing"]')).toBe('Saving 3 entries…');
    page.server.detail = playlistDetail({ playlist: followedAutomatically() });
    answer.resolve({ fetched: 3, complete: true, warning: null });
    await settle(page.fixture);
    expect(text('[data-testid="playlist-refresh-notice"]')).toBe('Listed 3 entries: the listing is complete.');
    expect(q('[data-testid="playlist-refresh-warning"]')).toBeNull();
    expect(text('[data-testid="playlist-auto-state"]')).toContain('Automatic downloads are on');
  });

  it('asks before removing and says what is kept', async () => {
    page.api.on('DELETE', BASE, () => ({
      success: true,
      message: 'Playlist removed. Its videos, .m3u file and media-server playlists are kept.',
    }));
    q('[data-testid="playlist-remove"]')!.click();
    await settle(page.fixture);
    const confirm = q('app-confirm-inline')!;
    expect(confirm.getAttribute('aria-label')).toBe('Confirm removing Fixture Playlist');
    expect(confirm.textContent).toContain('Its videos, the .m3u file and the media-server playlists are kept.');
    q('[data-testid="playlist-remove-cancel"]')!.click();
    await settle(page.fixture);
    expect(q('app-confirm-inline')).toBeNull();
    q('[data-testid="playlist-remove"]')!.click();
    await settle(page.fixture);
    q('[data-testid="playlist-remove-confirm"]')!.click();
    await settle(page.fixture);
    expect(page.api.callsTo('DELETE', BASE).length).toBe(1);
    expect(text('[data-testid="playlist-removed"]')).toContain(
      'Playlist removed. Its videos, .m3u file and media-server playlists are kept.',
    );
    expect(q('[data-testid="playlist-video"]')).toBeNull();
  });

  it('keeps a failed removal where it happened', async () => {
    page.api.on('DELETE', BASE, () => {
      throw new ApiError(500, 'database is locked');
    });
    q('[data-testid="playlist-remove"]')!.click();
    await settle(page.fixture);
    q('[data-testid="playlist-remove-confirm"]')!.click();
    await settle(page.fixture);
    expect(text('[data-testid="playlist-remove-error"]')).toBe('Not removed: database is locked');
    expect(q('[data-testid="playlist-header"]')).not.toBeNull();
  });

  it('opens the settings; a following switch shows on the page at once and the page reloads on close', async () => {
    page.api.on('GET', `${BASE}/settings`, () => playlistSettings());
    page.api.on('PATCH', BASE, () => ({ playlist: playlist({ auto_download: false }) }));
    q('[data-testid="playlist-settings-open"]')!.click();
    await settle(page.fixture);
    expect(overlay().text('[mat-dialog-title]')).toBe('Settings of Fixture Playlist');
    overlay().click('[data-testid="psettings-auto-download"] button');
    await settle(page.fixture);
    expect(page.api.callsTo('PATCH', BASE)[0].body).toEqual({ auto_download: false });
    expect(text('[data-testid="playlist-auto-state"]')).toBe('Automatic downloads are off.');
    const detail = page.api.callsTo('GET', BASE).length;
    overlay().click('[data-testid="psettings-close"]');
    await poll(
      page.fixture,
      'the page to read the playlist again',
      () => page.api.callsTo('GET', BASE).length > detail,
    );
    expect(q('[data-testid="playlist-header-notice"]')).toBeNull();
  });

  it('says the settings were saved', async () => {
    page.api.on('GET', `${BASE}/settings`, () => playlistSettings());
    page.api.on('PUT', `${BASE}/settings`, ({ body }) => ({ settings: playlistSettings(body as object) }));
    q('[data-testid="playlist-settings-open"]')!.click();
    await settle(page.fixture);
    overlay().type('[data-testid="psettings-subfolder"]', 'Music');
    overlay().click('[data-testid="psettings-save"]');
    await poll(page.fixture, 'the saved notice', () => q('[data-testid="playlist-header-notice"]'));
    expect(text('[data-testid="playlist-header-notice"]')).toBe('Settings saved.');
    expect(page.api.callsTo('PUT', `${BASE}/settings`)[0].body).toEqual({ default_sub_folder: 'Music' });
  });
});
