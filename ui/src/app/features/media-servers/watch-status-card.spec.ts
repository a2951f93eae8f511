import type { ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import type { FakeApi } from '../../../testing/fake-api';
import {
  mediaConfigView,
  openMediaServersPage,
  watchStatusOverview,
  type MediaServersServer,
} from '../../../testing/fixtures/media-servers';
import { matSelect } from '../../../testing/mat-select';
import { poll } from '../../../testing/poll';
import { settle } from '../../../testing/settle';
import type { MediaServersPage } from './media-servers-page';
import type { WatchStatusRun } from './watch-status-format';

const JELLYFIN_ON = {
  configuredSecrets: ['jellyfinApiKey'],
  jellyfinEnabled: true,
  jellyfinUrl: 'http://jellyfin:8096',
  jellyfinUserId: '5f0c5e5a9d8e4c1fa2b3c4d5e6f70811',
};

const lastRun = (extra: Partial<WatchStatusRun> = {}): WatchStatusRun => ({
  trigger: 'scheduled',
  startedAt: '2026-11-25T04:00:00.000Z',
  completedAt: '2026-11-25T04:00:03.000Z',
  servers: {
    jellyfin: { updated: 12, users: 3, requests: 7 },
    plex: { error: 'The Plex server at http://plex:32400 is not reachable (connection refused)' },
  },
  ...extra,
});

/** The Watch status card of the Media servers page (`WatchStatusCard`, `WatchStatusSync`). */
describe('WatchStatusCard', () => {
  let fixture: ComponentFixture<MediaServersPage>;
  let api: FakeApi;
  let server: MediaServersServer;
  const d = () => dom(fixture);
  const syncButton = () => d().one<HTMLButtonElement>('[data-testid="watch-status-sync-now"]')!;
  const open = async (state: Partial<MediaServersServer> = {}) => {
    ({ fixture, api, server } = await openMediaServersPage({ config: mediaConfigView(JELLYFIN_ON), ...state }));
  };

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    fixture.destroy();
    vi.useRealTimers();
  });

  it('shows the sync settings and the last run per server: what changed, or why it failed', async () => {
    await open({ watchStatus: watchStatusOverview({ lastRun: lastRun() }) });
    expect(d().text('[data-testid="watch-status-state"]')).toBe('On');
    expect(d().one<HTMLInputElement>('[data-testid="config-watchStatusSyncFrequency"]')?.value).toBe('0 */4 * * *');
    expect(d().one('[data-testid="config-watchStatusSyncEnabled"]')).not.toBeNull();
    expect(matSelect(fixture, '[data-testid="config-watchStatusWatchedRule"]').value).toBe('any');
    expect(d().text('[data-testid="watch-status-last-run"]')).toMatch(/^Started .+ on schedule; finished .+\.$/);
    expect(d().text('[data-testid="watch-status-server-plex"]')).toBe(
      'Plex: The Plex server at http://plex:32400 is not reachable (connection refused)',
    );
    expect(d().one('[data-testid="watch-status-server-plex"] .error')).not.toBeNull();
    expect(d().text('[data-testid="watch-status-server-jellyfin"]')).toBe('Jellyfin: 12 videos updated (3 accounts)');
    // Plex first, as the cards above are ordered.
    expect(
      d()
        .all('[data-testid^="watch-status-server-"]')
        .map((li) => li.dataset['testid']),
    ).toEqual(['watch-status-server-plex', 'watch-status-server-jellyfin']);
    expect(d().one('[data-testid="watch-status-no-server"]')).toBeNull();
  });

  it('says why a run synced nothing', async () => {
    await open({
      watchStatus: watchStatusOverview({ lastRun: lastRun({ servers: {}, skipped: 'No media server is configured' }) }),
    });
    expect(d().text('[data-testid="watch-status-skipped"]')).toBe('Nothing was synced: No media server is configured');
  });

  it('says when no sync ran yet and that a media server is needed', async () => {
    await open({ config: mediaConfigView(), watchStatus: watchStatusOverview({ enabled: false }) });
    expect(d().text('[data-testid="watch-status-never"]')).toBe('No sync has run yet.');
    expect(d().text('[data-testid="watch-status-state"]')).toBe('Off');
    expect(d().text('[data-testid="watch-status-no-server"]')).toContain('No media server is connected yet');
  });

  it('starts a sync, shows it running and its result when it ends', async () => {
    await open();
    syncButton().click();
    await settle(fixture);
    expect(api.callsTo('POST', '/api/mediaservers/watch-status/sync')).toHaveLength(1);
    expect(d().text('[data-testid="watch-status-sync-notice"]')).toBe(
      'Sync started: the result shows here when it ends.',
    );
    expect(d().text('[data-testid="watch-status-state"]')).toBe('Syncing…');
    expect(d().one('mat-progress-bar[aria-label="Syncing the watch status"]')).not.toBeNull();
    expect(syncButton().disabled).toBe(true);
    expect(syncButton().textContent?.trim()).toBe('Syncing…');

    // The server finishes; the card looks again by itself.
    server.watchStatus = watchStatusOverview({ lastRun: lastRun({ trigger: 'manual' }) });
    await poll(fixture, 'the result of the sync', () => d().one('[data-testid="watch-status-server-jellyfin"]'));
    expect(d().text('[data-testid="watch-status-last-run"]')).toContain('by Sync now');
    expect(d().text('[data-testid="watch-status-sync-notice"]')).toBe('The sync ended: its result is listed above.');
    expect(syncButton().disabled).toBe(false);
    const looks = api.callsTo('GET', '/api/mediaservers/watch-status').length;
    await settle(fixture, 10_000);
    expect(api.callsTo('GET', '/api/mediaservers/watch-status')).toHaveLength(looks);
  });

  it('says when a sync is already running (409) and waits for its result', async () => {
    await open();
    // Started elsewhere (the schedule, another window) after the page loaded.
    server.watchStatus = watchStatusOverview({ running: true });
    syncButton().click();
    await settle(fixture);
    const alert = d().one('[data-testid="watch-status-sync-error"]');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(alert?.textContent).toBe('A sync is already running: its result shows here when it ends.');
    expect(d().text('[data-testid="watch-status-state"]')).toBe('Syncing…');
    server.watchStatus = watchStatusOverview({ lastRun: lastRun() });
    await poll(fixture, 'the end of the running sync', () => d().one('[data-testid="watch-status-server-plex"]'));
  });

  it('shows another refusal as it is', async () => {
    await open({
      syncNow: () => {
        throw new ApiError(503, 'The watch-status service is starting');
      },
    });
    syncButton().click();
    await settle(fixture);
    expect(d().text('[data-testid="watch-status-sync-error"]')).toBe(
      'Not started: The watch-status service is starting',
    );
    expect(d().text('[data-testid="watch-status-state"]')).toBe('On');
  });

  it('saves the rule and reads the overview again', async () => {
    await open();
    matSelect(fixture, '[data-testid="config-watchStatusWatchedRule"]')
      .options.find((o) => o.value === 'primary')!
      .select();
    await settle(fixture);
    server.watchStatus = watchStatusOverview({ rule: 'primary' });
    d().click('[data-testid="watch-status-save"]');
    await settle(fixture);
    expect(api.callsTo('PATCH', '/api/config').map((c) => c.body)).toEqual([{ watchStatusWatchedRule: 'primary' }]);
    expect(api.callsTo('GET', '/api/mediaservers/watch-status')).toHaveLength(2);
    expect(d().text('[data-testid="watch-status-status"]')).toBe('Saved 1 setting.');
  });

  it('says so when the watch-status plugin does not answer', async () => {
    const config = mediaConfigView(JELLYFIN_ON);
    delete (config as Record<string, unknown>)['watchStatusSyncEnabled'];
    delete (config as Record<string, unknown>)['watchStatusSyncFrequency'];
    delete (config as Record<string, unknown>)['watchStatusWatchedRule'];
    await open({ config, watchStatus: null });
    expect(d().text('[data-testid="watch-status-unavailable"]')).toContain('the watch-status plugin is not loaded');
    expect(d().one('[data-testid="watch-status-sync-now"]')).toBeNull();
  });

  it('offers each server’s “every account” switch in its card and saves it', async () => {
    await open();
    for (const kind of ['plex', 'jellyfin', 'emby'])
      expect(
        d().one(`[data-testid="server-card-${kind}"] [data-testid="config-${kind}WatchStatusAllUsers"]`),
        kind,
      ).not.toBeNull();
    d().click('[data-testid="config-jellyfinWatchStatusAllUsers"] button');
    await settle(fixture);
    d().click('[data-testid="jellyfin-save"]');
    await settle(fixture);
    expect(api.callsTo('PATCH', '/api/config').at(-1)?.body).toEqual({ jellyfinWatchStatusAllUsers: false });
  });

  it('leaves the switch out of a card while the server does not have the key', async () => {
    const config = mediaConfigView();
    delete (config as Record<string, unknown>)['embyWatchStatusAllUsers'];
    await open({ config });
    expect(d().one('[data-testid="config-embyWatchStatusAllUsers"]')).toBeNull();
    // The rest of the card still saves.
    d().type('[data-testid="config-embyUrl"]', 'http://emby:8096');
    await settle(fixture);
    d().click('[data-testid="emby-save"]');
    await settle(fixture);
    expect(api.callsTo('PATCH', '/api/config').at(-1)?.body).toEqual({ embyUrl: 'http://emby:8096' });
  });
});
