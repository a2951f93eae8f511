import { PlaylistPageSpec } from '../../../../testing/playlist-page-spec';
import { ApiError } from '../../../core/api';
import { dom } from '../../../../testing/dom';
import {
  PLAYLIST_ID,
  followedAutomatically,
  playlistDetail,
  playlistVideo as video,
} from '../../../../testing/fixtures/playlists';
import { matSelect } from '../../../../testing/mat-select';
import { settle } from '../../../../testing/settle';
import { MatTooltip } from '@angular/material/tooltip';
import { By } from '@angular/platform-browser';

const BASE = `/api/playlists/${PLAYLIST_ID}`;

/** The entry list with its selection bar and filters (`EntryList`, `EntryBar`, `EntryFilters`). */
describe('EntryList', () => {
  const page = new PlaylistPageSpec();
  const { q, all, text } = page;
  const entries = () => all('[data-testid="playlist-video"]');
  const lastQuery = () => page.api.callsTo('GET', `${BASE}/videos`).at(-1)!.query;

  beforeEach(async () => {
    await page.open({
      videos: [
        video(1, { downloaded: true }),
        video(2, { previously_downloaded: true, active: 'downloading' }),
        video(3, { title: null, unavailable: true, thumbnail: null, duration: null }),
        video(4, { ignored: true, auto_download_requested: true }),
        video(5, { active: 'queued' }),
      ],
    });
    page.api.on('POST', `${BASE}/download`, ({ body }) => ({
      status: 'accepted',
      message: (body as { videoIds?: string[] }).videoIds ? '1 video queued in 1 job' : '2 videos queued in 1 job',
      queued: 1,
      jobIds: ['j1'],
    }));
  });

  it('shows each entry at its place with its state', () => {
    const rows = entries();
    expect(rows.map((r) => r.querySelector('.position')?.textContent?.trim())).toEqual([
      'Position 1',
      'Position 2',
      'Position 3',
      'Position 4',
      'Position 5',
    ]);
    const badges = (i: number) =>
      [...rows[i]!.querySelectorAll('.badge')].map((b) => b.getAttribute('data-testid')).join(' ');
    expect(badges(0)).toBe('badge-downloaded badge-watched');
    expect(badges(1)).toBe('badge-downloading badge-previously');
    expect(badges(2)).toBe('badge-unavailable');
    expect(badges(3)).toBe('badge-ignored badge-requested');
    expect(badges(4)).toBe('badge-queued');
    expect(rows[0]!.getAttribute('data-downloaded')).toBe('true');
    expect(rows[0]!.textContent).toContain('Length 1:05');
    expect(rows[2]!.textContent).toContain('Private or deleted video');
    expect(rows[2]!.querySelector('[data-testid="entry-ignore"]')).toBeNull();
    expect(rows[2]!.classList.contains('dim')).toBe(true);
    expect(rows[3]!.querySelector('[data-testid="entry-unignore"]')?.getAttribute('aria-label')).toBe(
      'Stop ignoring Entry 4',
    );
  });

  it('ignores an entry from its row', async () => {
    page.api.on('POST', `${BASE}/videos/pl000000001/ignore`, () => ({ success: true }));
    entries()[0]!.querySelector<HTMLElement>('[data-testid="entry-ignore"]')!.click();
    await settle(page.fixture);
    expect(entries()[0]!.querySelector('[data-testid="badge-ignored"]')).not.toBeNull();
  });

  it('filters by download state, search and sort', async () => {
    const shown = page.fixture.componentInstance;
    shown.videos.setDownloadState('downloaded');
    await settle(page.fixture);
    expect(lastQuery()).toMatchObject({ downloadState: 'downloaded' });
    expect(entries().length).toBe(1);
    dom(page.fixture).type('[data-testid="entries-search"]', 'entry 1');
    await settle(page.fixture, 350);
    expect(lastQuery()).toMatchObject({ search: 'entry 1', page: '1' });
    shown.videos.setDownloadState('not_downloaded');
    await settle(page.fixture);
    expect(text('[data-testid="entries-empty"]')).toBe('No video matches the search and filter.');
    shown.videos.list.setSort('position', 'desc');
    await settle(page.fixture);
    expect(lastQuery()).toMatchObject({ sortOrder: 'desc' });
  });

  it('downloads the selection or every new entry, with the server message', async () => {
    expect(q('[data-testid="entries-select-automatic"]')).toBeNull();
    (q('[data-testid="entries-select-page"] input') as HTMLInputElement).click();
    await settle(page.fixture);
    expect(text('[data-testid="entries-selected-count"]')).toBe('5 selected');
    (all('[data-testid="entry-select"] input')[0] as HTMLInputElement).click();
    await settle(page.fixture);
    expect(text('[data-testid="entries-selected-count"]')).toBe('4 selected');
    q('[data-testid="entries-download-selected"]')!.click();
    await settle(page.fixture);
    expect(page.api.callsTo('POST', `${BASE}/download`)[0].body).toEqual({
      videoIds: ['pl000000002', 'pl000000003', 'pl000000004', 'pl000000005'],
    });
    expect(text('[data-testid="entries-action-notice"]')).toBe('1 video queued in 1 job');
    expect(text('[data-testid="entries-selected-count"]')).toBe('0 selected');
    q('[data-testid="entries-download-new"]')!.click();
    await settle(page.fixture);
    expect(page.api.callsTo('POST', `${BASE}/download`)[1].body).toEqual({});
    expect(text('[data-testid="entries-action-notice"]')).toBe('2 videos queued in 1 job');
  });

  it('shows why a download was refused', async () => {
    page.api.on('POST', `${BASE}/download`, () => {
      throw new ApiError(409, 'Downloads are paused: the disk is almost full');
    });
    q('[data-testid="entries-download-new"]')!.click();
    await settle(page.fixture);
    expect(q('[data-testid="entries-action-error"]')?.getAttribute('role')).toBe('alert');
    expect(text('[data-testid="entries-action-error"]')).toBe(
      'Not queued: Downloads are paused: the disk is almost full',
    );
  });

  it('offers selecting existing entries for automatic download once there is a starting point', async () => {
    page.fixture.componentInstance.overview.detail.set(playlistDetail({ playlist: followedAutomatically() }));
    page.api.on('POST', `${BASE}/auto-download/select`, () => ({ success: true, requested: 1, skipped: [] }));
    await settle(page.fixture);
    (all('[data-testid="entry-select"] input')[1] as HTMLInputElement).click();
    await settle(page.fixture);
    q('[data-testid="entries-select-automatic"]')!.click();
    await settle(page.fixture);
    expect(page.api.callsTo('POST', `${BASE}/auto-download/select`)[0].body).toEqual({ videoIds: ['pl000000002'] });
    expect(text('[data-testid="entries-action-notice"]')).toContain('1 video selected for automatic download');
  });

  it('says when the playlist has no entries yet', async () => {
    page.server.videos = [];
    void page.fixture.componentInstance.videos.load();
    await settle(page.fixture);
    expect(text('[data-testid="entries-empty"]')).toBe('No videos known yet: Refresh lists the playlist.');
    expect((q('[data-testid="entries-select-page"] input') as HTMLInputElement).disabled).toBe(true);
  });

  it('shows who watched a video on hover, and filters by watched state', async () => {
    page.server.videos = [
      video(1, { downloaded: true, watched: true, watched_by: ['ann (Plex)'] }),
      video(2, { downloaded: true, watched: false }),
      video(3, { downloaded: true }),
      video(4),
    ];
    void page.fixture.componentInstance.videos.load();
    await settle(page.fixture);
    const states = entries().map(
      (r) => r.querySelector<HTMLElement>('[data-testid="badge-watched"]')?.dataset['state'] ?? 'none',
    );
    // Not downloaded and unknown to every server: no badge to clutter the list.
    expect(states).toEqual(['watched', 'unwatched', 'unknown', 'none']);
    const tooltip = page.fixture.debugElement.query(By.css('[data-testid="badge-watched"]')).injector.get(MatTooltip);
    expect(tooltip.message).toBe('Watched by ann (Plex)');

    matSelect(page.fixture, '[data-testid="entries-watched-state"]')
      .options.find((o) => o.value === 'unwatched')!
      .select();
    await settle(page.fixture);
    expect(lastQuery()).toMatchObject({ watchedState: 'unwatched', page: '1' });
    expect(entries().map((r) => r.getAttribute('data-source-id'))).toEqual(['pl000000002']);
    matSelect(page.fixture, '[data-testid="entries-watched-state"]')
      .options.find((o) => o.value === 'watched')!
      .select();
    dom(page.fixture).type('[data-testid="entries-search"]', 'nothing like it');
    await settle(page.fixture, 350);
    expect(text('[data-testid="entries-empty"]')).toBe('No video matches the search and filter.');
  });
});
