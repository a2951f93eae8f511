import { pluginInfo } from '../../../testing/fixtures/plugins';
import { JELLYFIN_LIBRARIES, PLEX_LIBRARIES } from '../../../testing/fixtures/media-servers';
import {
  choicesOf,
  connectedText,
  plexConnectedText,
  plexLibraryChoices,
  serverState,
  userChoice,
  videoLibraryChoices,
} from './server-format';

describe('server format', () => {
  it('says what a test found', () => {
    const ok = { ok: true as const, version: '4.8.11.0', serverName: null, user: null };
    expect(connectedText('Emby', ok)).toBe('Connected to the Emby server: Emby 4.8.11.0.');
    expect(connectedText('Jellyfin', { ...ok, serverName: 'Den', user: { id: 'u', name: 'ann' } })).toBe(
      'Connected to Den: Jellyfin 4.8.11.0; playlists will belong to ann.',
    );
    expect(plexConnectedText({ ok: true, version: '1.41', friendlyName: 'Attic', machineIdentifier: 'm' })).toBe(
      'Connected to Attic: Plex 1.41.',
    );
  });

  it('offers the listed choices, keeps saved values the server did not list, and none first', () => {
    const listed = [{ value: 'a', label: 'Ann' }];
    expect(choicesOf(listed, ['a'], 'Nobody')).toEqual([
      { value: '', label: 'Nobody' },
      { value: 'a', label: 'Ann' },
    ]);
    expect(choicesOf(listed, ['gone', ''])).toEqual([...listed, { value: 'gone', label: 'gone (not on the server)' }]);
    expect(choicesOf(null, ['x1'])).toEqual([{ value: 'x1', label: 'x1' }]);
  });

  it('names users and libraries, leaving out what a picker cannot use', () => {
    expect(userChoice({ id: 'u', name: 'ann', isAdministrator: true }).label).toBe('ann (administrator)');
    expect(videoLibraryChoices(JELLYFIN_LIBRARIES).map((o) => o.label)).toEqual(['Videos (homevideos)']);
    expect(videoLibraryChoices([{ id: 'm', name: 'Mixed', type: null, locations: [] }])[0]?.label).toBe(
      'Mixed (mixed)',
    );
    expect(plexLibraryChoices(PLEX_LIBRARIES).map((o) => o.value)).toEqual(['1', '2']);
  });

  it('puts the card’s state in a word', () => {
    expect(serverState(null, null).text).toBe('Not loaded');
    expect(serverState(pluginInfo({ enabled: false }), false).text).toBe('Switched off');
    expect(serverState(pluginInfo(), true)).toEqual({ text: 'Connected', tone: 'ok' });
    expect(serverState(pluginInfo(), false)).toEqual({ text: 'Not set up', tone: 'off' });
  });
});
