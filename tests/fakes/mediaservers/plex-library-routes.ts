/**
 * The fake Plex server's library side (external-apis.md 1.3-1.7): identity (no token), the root,
 * sections with their folders, scans (a whole section or `?path=`), paged item lists per
 * metadata type, single items, and the server's accounts.
 */
import { container, el } from './plex-wire.js';
import {
  itemEl,
  notFound,
  ok,
  paged,
  TYPE_NUMBERS,
  PLEX_VERSION,
  type PlexExchange,
  type PlexRoute,
} from './plex-answers.js';
import type { PlexState } from './plex-state.js';

export function plexLibraryRoutes(s: PlexState): PlexRoute[] {
  const sectionRoute = (method: string, path: string, handle: PlexRoute['handle']): PlexRoute => ({
    method,
    path,
    handle,
  });
  const refresh = (x: PlexExchange) => {
    const section = s.section(x.params.key!);
    if (!section) return notFound();
    s.scan(section, x.query.get('path'));
    return ok();
  };
  const sections = () =>
    ok(
      container(
        { allowSync: false, title1: 'Plex Library' },
        s.sections.map((d) =>
          el(
            'Directory',
            'Directory',
            {
              allowSync: true,
              key: d.key,
              type: d.type,
              title: d.title,
              agent: d.agent,
              scanner: d.scanner,
              language: 'xn',
              uuid: d.uuid,
              refreshing: d.refreshing,
              scannedAt: d.scannedAt,
              content: true,
              directory: true,
            },
            d.locations.map((l) => el('Location', 'Location', { id: l.id, path: l.path })),
          ),
        ),
      ),
    );

  return [
    {
      method: 'GET',
      path: '/identity',
      open: true,
      handle: () => ok(container({ claimed: true, machineIdentifier: s.machineIdentifier, version: PLEX_VERSION })),
    },
    {
      method: 'GET',
      path: '/',
      handle: () =>
        ok(
          container({
            friendlyName: 'Fake Plex',
            machineIdentifier: s.machineIdentifier,
            version: PLEX_VERSION,
            platform: 'Linux',
            platformVersion: '6.1',
            myPlex: true,
            myPlexUsername: 'admin@example.com',
            myPlexSigninState: 'ok',
          }),
        ),
    },
    sectionRoute('GET', '/library/sections', sections),
    sectionRoute('GET', '/library/sections/all', sections),
    sectionRoute('GET', '/library/sections/:key/refresh', refresh),
    sectionRoute('POST', '/library/sections/:key/refresh', refresh),
    sectionRoute('DELETE', '/library/sections/:key/refresh', (x) => (s.section(x.params.key!) ? ok() : notFound())),
    sectionRoute('GET', '/library/sections/:key/all', (x) => {
      const section = s.section(x.params.key!);
      if (!section) return notFound();
      const type = x.query.get('type');
      const items = [...s.items.values()].filter(
        (i) => i.sectionKey === section.key && (!type || TYPE_NUMBERS[i.type] === type),
      );
      return ok(
        paged(
          x,
          items.map((i) => itemEl(i)),
          { librarySectionID: Number(section.key), title1: section.title },
        ),
      );
    }),
    sectionRoute('GET', '/library/metadata/:rk', (x) => {
      const item = s.itemByKey(x.params.rk!);
      return item ? ok(container({}, [itemEl(item)])) : notFound();
    }),
    {
      method: 'GET',
      path: '/accounts',
      handle: () =>
        ok(
          container({ identifier: 'com.plexapp.system.accounts' }, [
            el('Account', 'Account', { id: 0, key: '/accounts/0', name: '' }),
            ...s.accounts.map((a) =>
              el('Account', 'Account', {
                id: a.id,
                key: `/accounts/${a.id}`,
                name: a.name,
                defaultAudioLanguage: 'en',
              }),
            ),
          ]),
        ),
    },
  ];
}
