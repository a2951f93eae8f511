import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../../core/api';
import { FakeApi, provideFakeApi } from '../../../../testing/fake-api';
import { dom } from '../../../../testing/dom';
import {
  PLAYLIST_ID,
  followedAutomatically,
  playlist,
  playlistDetail,
  syncState,
} from '../../../../testing/fixtures/playlists';
import { settle } from '../../../../testing/settle';
import type { Playlist, PlaylistDetail } from '../api-types';
import { FollowingSection } from './following-section';

const BASE = `/api/playlists/${PLAYLIST_ID}`;

describe('FollowingSection', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<FollowingSection>;
  let changed: Playlist[];
  let answer: Playlist;
  const q = (sel: string) => dom(fixture).one(sel);
  const text = (sel: string) => dom(fixture).text(sel);
  const patches = () => api.callsTo('PATCH', BASE).map((c) => c.body);
  const toggle = async (testId: string) => {
    dom(fixture).click(`[data-testid="${testId}"] button, [data-testid="${testId}"] input`);
    await settle(fixture);
  };

  const open = async (detail: PlaylistDetail) => {
    fixture = TestBed.createComponent(FollowingSection);
    fixture.componentRef.setInput('detail', detail);
    changed = [];
    fixture.componentInstance.changed.subscribe((p) => changed.push(p));
    await settle(fixture);
  };

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    api.on('PATCH', BASE, () => ({ playlist: answer }));
    await open(
      playlistDetail({
        sync_state: [syncState(), syncState({ server: 'plex', label: 'Plex', connected: false })],
      }),
    );
  });

  afterEach(() => vi.useRealTimers());

  it('switches automatic downloads on and explains why they wait', async () => {
    expect(text('[data-testid="psettings-auto-state"]')).toBe('Automatic downloads are off.');
    answer = playlist({ auto_download: true, auto_download_setup_error: 'PLAYLIST_TOO_LARGE' });
    await toggle('psettings-auto-download');
    expect(patches()).toEqual([{ auto_download: true }]);
    expect(text('[data-testid="psettings-auto-state"]')).toContain('more than 5,000 entries');
    expect(q('[data-testid="psettings-auto-state"]')!.classList.contains('warn')).toBe(true);
    expect(changed.map((p) => p.auto_download)).toEqual([true]);
  });

  it('switches media servers and the public flag, and puts a refused switch back', async () => {
    expect(text('[data-testid="psettings-target-plex"]')).toBe('Sync to Plex (not connected)');
    answer = playlist({ sync_targets: { jellyfin: false } });
    await toggle('psettings-target-jellyfin');
    expect(patches()).toEqual([{ sync_targets: { jellyfin: false } }]);
    expect((q('[data-testid="psettings-target-jellyfin"] input') as HTMLInputElement).checked).toBe(false);
    api.on('PATCH', BASE, () => {
      throw new ApiError(500, 'database is locked');
    });
    await toggle('psettings-public');
    expect(text('[data-testid="psettings-following-error"]')).toBe('Not changed: database is locked');
    expect(q('[data-testid="psettings-public"] button')?.getAttribute('aria-checked')).toBe('false');
    expect(changed.length).toBe(1);
  });

  it('resets the starting point after asking', async () => {
    await open(playlistDetail({ playlist: followedAutomatically(), sync_state: [] }));
    expect(text('[data-testid="psettings-baseline"]')).toMatch(/^Starting point: Mar 1, 2026/);
    expect(text('[data-testid="psettings-no-servers"]')).toContain('No media server is connected yet');
    api.on('POST', `${BASE}/auto-download/reset`, () => ({
      success: true,
      cleared: 2,
      playlist: followedAutomatically({ auto_download_baseline_at: '2026-03-05T08:00:00.000Z' }),
    }));
    q('[data-testid="psettings-reset"]')!.click();
    await settle(fixture);
    expect(text('app-confirm-inline')).toContain('Selections still waiting are cleared');
    expect(api.callsTo('POST', `${BASE}/auto-download/reset`)).toEqual([]);
    q('[data-testid="psettings-reset-confirm"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="psettings-following-notice"]')).toMatch(
      /^New starting point: Mar 5, 2026, .+\. 2 waiting selections cleared\.$/,
    );
    expect(q('app-confirm-inline')).toBeNull();
    expect(changed.length).toBe(1);
  });
});
