import { beforeAll, describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { platformSuite } from '../helpers/downloads.js';
import { call } from './channels/helpers.js';

/**
 * Issue 19: a hostile subfolder value is refused with 400 wherever it enters, with a message
 * naming the field, and nothing is stored: never accepted and then silently dropped (or, worse,
 * used as a path). Every entry point over real HTTP, each read back afterwards.
 */
const HOSTILE: readonly string[] = [
  '../x',
  '..',
  '.',
  '/etc',
  'a/b',
  '  ../x  ',
  'a\u0000b',
  'a\nb',
  'C:\\x',
  '\\\\server\\share',
  '.hidden',
  '__playlists__',
  '__PLAYLISTS__',
  'playlists',
  '__x',
  'x'.repeat(101),
  'x'.repeat(5000),
];

interface Answer {
  status: number;
  body: { error?: string; code?: string; details?: { path: string; message: string }[] } | null;
}

/** Every value that was not refused with 400 and a message naming the field (`field`), with what came back. */
async function notRefused(field: RegExp, send: (value: string) => Promise<Answer>): Promise<string[]> {
  const wrong: string[] = [];
  for (const value of HOSTILE) {
    const res = await send(value);
    const message = res.body?.error ?? '';
    if (res.status !== 400 || !field.test(message)) {
      wrong.push(`${JSON.stringify(value.slice(0, 20))} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
  }
  return wrong;
}

describe('hostile subfolder values', () => {
  const channel = fakeChannelId('hostile');
  const video = fakeVideoId('hostile-1');
  const FOLLOWED = 'PLhostile0000000000001';
  const OTHER = 'PLhostile0000000000002';
  const playlistUrl = (id: string) => `https://www.youtube.com/playlist?list=${id}`;
  const playlistId = FOLLOWED;

  /** What a refused request must not have changed. */
  const snapshot = async () => ({
    channel: (await call(suite.app, 'GET', `/api/channels/${channel}/settings`)).body.settings.subfolder,
    playlist: (await call(suite.app, 'GET', `/api/playlists/${playlistId}/settings`)).body.default_sub_folder,
    playlists: (await call(suite.app, 'GET', '/api/playlists')).body.playlists.length,
    jobs: (await call(suite.app, 'GET', '/api/jobs')).body.total,
    subfolders: (await call(suite.app, 'GET', '/api/channels/subfolders')).body,
    config: (await call(suite.app, 'GET', '/getconfig')).body,
  });
  let before: Awaited<ReturnType<typeof snapshot>>;

  const owner = { channelId: channel, channel: 'Hostile', handle: '@hostile' };
  const suite = platformSuite(
    () => ({
      videos: [{ ...owner, id: video, title: 'Harmless video', uploadDate: '20260101' }],
      channels: [{ channelId: channel, handle: '@hostile', name: 'Hostile', tabs: { videos: [video] } }],
      playlists: [
        { id: FOLLOWED, title: 'Followed', channelId: channel, videoIds: [video] },
        { id: OTHER, title: 'Not followed', channelId: channel, videoIds: [video] },
      ],
    }),
    { timeout: 90_000 },
  );
  beforeAll(async () => {
    const added = await call(suite.app, 'POST', '/updatechannels', {
      add: [{ url: '@hostile', settings: { sub_folder: 'Kept' } }],
    });
    expect(added.status).toBe(200);
    const followed = await call(suite.app, 'POST', '/api/playlists', {
      url: playlistUrl(FOLLOWED),
      settings: { default_sub_folder: 'KeptToo' },
    });
    expect(followed.status).toBe(201);
    // The channel's videos tab is listed, so download-all would have something to queue.
    expect((await call(suite.app, 'GET', `/getchannelvideos/${channel}`)).status).toBe(200);
    expect((await call(suite.app, 'PATCH', '/api/config', { defaultSubfolder: 'Fallback' })).status).toBe(200);
    before = await snapshot();
    expect(before).toMatchObject({ channel: 'Kept', playlist: 'KeptToo', playlists: 1, jobs: 0 });
  }, 90_000);

  it('channel settings (PUT /api/channels/{id}/settings)', async () => {
    const wrong = await notRefused(/\bsubfolder\b/, (value) =>
      call(suite.app, 'PUT', `/api/channels/${channel}/settings`, { subfolder: value }),
    );
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('channel settings of a subscription (POST /updatechannels)', async () => {
    const wrong = await notRefused(/\bsub_folder\b/, (value) =>
      call(suite.app, 'POST', '/updatechannels', { add: [{ url: '@hostile', settings: { sub_folder: value } }] }),
    );
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('download-all overrides (POST /api/channels/{id}/download-all)', async () => {
    const wrong = await notRefused(/overrideSettings\b.*\bsubfolder\b/, (value) =>
      call(suite.app, 'POST', `/api/channels/${channel}/download-all`, {
        tabType: 'videos',
        overrideSettings: { subfolder: value },
      }),
    );
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('playlist settings (PUT /api/playlists/{id}/settings)', async () => {
    const wrong = await notRefused(/\bdefault_sub_folder\b/, (value) =>
      call(suite.app, 'PUT', `/api/playlists/${playlistId}/settings`, { default_sub_folder: value }),
    );
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('following a playlist with settings (POST /api/playlists)', async () => {
    const wrong = await notRefused(/\bdefault_sub_folder\b/, (value) =>
      call(suite.app, 'POST', '/api/playlists', { url: playlistUrl(OTHER), settings: { default_sub_folder: value } }),
    );
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('playlist download overrides (POST /api/playlists/{id}/download)', async () => {
    const wrong = await notRefused(/overrideSettings\b.*\bsubfolder\b/, (value) =>
      call(suite.app, 'POST', `/api/playlists/${playlistId}/download`, { overrideSettings: { subfolder: value } }),
    );
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('a manual download (POST /api/videos/download)', async () => {
    const wrong = await notRefused(/\bsubfolder\b/, (value) =>
      call(suite.app, 'POST', '/api/videos/download', {
        url: `https://www.youtube.com/watch?v=${video}`,
        subfolder: value,
      }),
    );
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('the global default (PATCH /api/config defaultSubfolder)', async () => {
    const wrong = await notRefused(/\bdefaultSubfolder\b/, (value) =>
      call(suite.app, 'PATCH', '/api/config', { defaultSubfolder: value }),
    );
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('the Plex library of a subfolder (PATCH /api/config plexSubfolderLibraryMappings)', async () => {
    const wrong = await notRefused(/\bplexSubfolderLibraryMappings\/0\/subfolder\b/, (value) =>
      call(suite.app, 'PATCH', '/api/config', {
        plexSubfolderLibraryMappings: [{ subfolder: value, libraryId: '1' }],
      }),
    );
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
