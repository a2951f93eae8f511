import { runServers, runText, serverKindLabel, serverOutcomeText, syncStateText } from './watch-status-format';

describe('watch status in words', () => {
  it('says per server how many states changed, or why it failed', () => {
    expect(serverOutcomeText({ updated: 12, users: 3, requests: 4 })).toEqual({
      text: '12 videos updated (3 accounts)',
      failed: false,
    });
    expect(serverOutcomeText({ updated: 0, users: 1, requests: 1 }).text).toBe('0 videos updated (1 account)');
    expect(serverOutcomeText({ updated: 1, users: 2, requests: 1 }).text).toBe('1 video updated (2 accounts)');
    expect(serverOutcomeText({ error: 'Jellyfin is not reachable at http://jf:8096 (connection refused)' })).toEqual({
      text: 'Jellyfin is not reachable at http://jf:8096 (connection refused)',
      failed: true,
    });
  });

  it('lists the servers of a run in a fixed order', () => {
    const run = {
      trigger: 'manual' as const,
      startedAt: '2026-11-25T04:00:00.000Z',
      completedAt: '2026-11-25T04:00:05.000Z',
      servers: {
        emby: { error: 'Emby rejected the API key' },
        acme: { updated: 1, users: 1, requests: 1 },
        plex: { updated: 2, users: 2, requests: 3 },
      },
    };
    expect(runServers(run).map((s) => s.label)).toEqual(['Plex', 'Emby', 'Acme']);
    expect(runText(run)).toMatch(/^Started .+ by Sync now; finished .+\.$/);
    expect(runText({ ...run, trigger: 'scheduled', completedAt: null })).toMatch(/on schedule; not finished\.$/);
  });

  it('names kinds and the sync state', () => {
    expect(serverKindLabel('jellyfin')).toBe('Jellyfin');
    expect(syncStateText({ running: true, enabled: false })).toBe('Syncing…');
    expect(syncStateText({ running: false, enabled: true })).toBe('On');
    expect(syncStateText({ running: false, enabled: false })).toBe('Off');
  });
});
