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
  viewAttrs,
  type PlexExchange,
  type PlexRoute,
} from './plex-answers.js';
import type { PlexState } from './plex-state.js';

/**
 * `/status/sessions/history/all` (external-apis.md 1.9): the admin token sees every account's
 * plays, another token only its own; filters `accountID`, `metadataItemID`, `librarySectionID`
 * and `viewedAt>` (the wire form of `viewedAt>=`), `sort=viewedAt:desc|asc`, container paging.
 */
function history(s: PlexState, x: PlexExchange) {
  const q = x.query;
  const num = (name: string) => (q.get(name) === null ? null : Number(q.get(name)));
  const account = num('accountID');
  const metadataItem = q.get('metadataItemID');
  const section = q.get('librarySectionID');
  const since = num('viewedAt>');
  const admin = x.account?.id === 1;
  const rows = s.history
    .filter((h) => admin || h.accountID === x.account?.id)
    .filter((h) => account === null || h.accountID === account)
    .filter((h) => metadataItem === null || h.ratingKey === metadataItem)
    .filter((h) => since === null || h.viewedAt >= since)
    .flatMap((h) => {
      const item = s.itemByKey(h.ratingKey);
      return item && (section === null || item.sectionKey === section) ? [{ h, item }] : [];
    });
  const asc = q.get('sort') === 'viewedAt:asc';
  rows.sort(
    (a, b) => (asc ? a.h.viewedAt - b.h.viewedAt : b.h.viewedAt - a.h.viewedAt) || a.h.historyId - b.h.historyId,
  );
  return ok(
    paged(
      x,
      rows.map(({ h, item }) =>
        el(item.type === 'movie' ? 'Video' : 'Track', 'Metadata', {
          historyKey: `/status/sessions/history/${h.historyId}`,
          key: `/library/metadata/${item.ratingKey}`,
          ratingKey: item.ratingKey,
          librarySectionID: Number(item.sectionKey),
          title: item.title,
          type: item.type,
          viewedAt: h.viewedAt,
          accountID: h.accountID,
          deviceID: 1,
        }),
      ),
    ),
  );
}

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
          items.map((i) => itemEl(i, viewAttrs(s, x.account, i))),
          { librarySectionID: Number(section.key), title1: section.title },
        ),
      );
    }),
    sectionRoute('GET', '/library/metadata/:rk', (x) => {
      const item = s.itemByKey(x.params.rk!);
      return item ? ok(container({}, [itemEl(item, viewAttrs(s, x.account, item))])) : notFound();
    }),
    sectionRoute('GET', '/status/sessions/history/all', (x) => history(s, x)),
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
