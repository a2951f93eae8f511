import { describe, expect, it } from 'vitest';
import type { ServerFile } from './files.js';
import { indexNewFiles, JobFiles, publishByRecreating, type RecreatingServer } from './publishing.js';
import type { PlaylistSyncRequest } from '@vidkeep/contracts';

/** A server stub that records its calls; files become known after `knownAfter` listings. */
function stub(opts: { indexed: string[]; knownAfter?: number; existing?: string[] }) {
  const calls: string[] = [];
  let listings = 0;
  const server: RecreatingServer = {
    label: 'Stub',
    libraries: async () => [
      { id: 'v', type: 'homevideos', locations: ['/data'] },
      { id: 'm', type: 'music', locations: ['/data'] },
    ],
    files: async (ids, type): Promise<ServerFile[]> => {
      calls.push(`files ${ids.join(',')} ${type}`);
      listings++;
      return listings > (opts.knownAfter ?? 0) ? opts.indexed.map((path) => ({ id: `id:${path}`, path })) : [];
    },
    mediaUpdated: async (paths) => void calls.push(`updated ${paths.join(',')}`),
    refreshLibrary: async (id) => void calls.push(`refresh ${id}`),
    deleteItem: async (id) => {
      calls.push(`delete ${id}`);
      return (opts.existing ?? []).includes(id);
    },
    createPlaylist: async (p) => {
      calls.push(`create ${p.name} ${p.mediaType} ${p.public} ${p.itemIds.join(',')}`);
      return 'new';
    },
  };
  return { server, calls };
}

const request = (over: Partial<PlaylistSyncRequest> = {}): PlaylistSyncRequest => ({
  playlistId: 'PL1',
  title: 'Mix',
  mediaType: 'video',
  public: false,
  items: ['b', 'a', 'c'].map((n) => ({
    sourceId: n,
    path: `/data/${n}.mp4`,
    relativePath: `${n}.mp4`,
    title: n,
    durationSeconds: 1,
  })),
  previous: null,
  signal: new AbortController().signal,
  ...over,
});

const warnings: string[] = [];
const options = {
  videoLibraryIds: [],
  scanWaitMs: 0,
  noLibrary: (why: string) => new Error(`no ${why} library`),
  warn: (_f: Record<string, unknown>, m: string) => void warnings.push(m),
  sleep: async () => undefined,
};

describe('publishByRecreating', () => {
  it('creates the playlist in order from what the server knows, skipping the rest', async () => {
    const { server, calls } = stub({ indexed: ['/srv/c.mp4', '/srv/b.mp4'] });
    const result = await publishByRecreating(server, request(), options);
    expect(result).toEqual({ status: 'synced', serverPlaylistId: 'new', itemsSynced: 2, itemsSkipped: 1 });
    // a.mp4 is unknown: named by path once, then looked for after each wait; then the creation.
    expect(calls[1]).toBe('updated /data/a.mp4');
    expect(calls.at(-1)).toBe('create YT: Mix video false id:/srv/b.mp4,id:/srv/c.mp4');
  });

  it('defers without touching the server playlist when nothing is indexed', async () => {
    const { server, calls } = stub({ indexed: [] });
    const result = await publishByRecreating(
      server,
      request({ previous: { serverPlaylistId: 'old', mediaType: 'video' } }),
      options,
    );
    expect(result).toMatchObject({
      status: 'deferred',
      reason: expect.stringMatching(/^Stub has not indexed any of the 3 videos/),
    });
    expect(calls.some((c) => c.startsWith('delete') || c.startsWith('create'))).toBe(false);
  });

  it('deletes the previous playlist, and notes and warns when it was gone', async () => {
    const kept = stub({ indexed: ['/data/a.mp4'], existing: ['old'] });
    const prev = { previous: { serverPlaylistId: 'old', mediaType: 'video' as const } };
    expect(await publishByRecreating(kept.server, request(prev), options)).not.toHaveProperty('note');
    expect(kept.calls).toContain('delete old');
    const gone = stub({ indexed: ['/data/a.mp4'] });
    const result = await publishByRecreating(gone.server, request(prev), options);
    expect(result).toMatchObject({
      status: 'synced',
      note: 'The playlist the last sync created was gone from Stub, so a new one was created',
    });
    expect(warnings.at(-1)).toMatch(/no longer exists/);
  });

  it('rescans the music libraries for an audio playlist and waits for the index', async () => {
    const { server, calls } = stub({ indexed: ['/data/a.mp3'], knownAfter: 2 });
    const items = [{ sourceId: 'a', path: '/data/a.mp3', relativePath: 'a.mp3', title: 'a', durationSeconds: 1 }];
    const result = await publishByRecreating(server, request({ mediaType: 'audio', items, public: true }), {
      ...options,
      scanWaitMs: 67,
    });
    expect(result).toMatchObject({ status: 'synced', itemsSynced: 1 });
    expect(calls).toEqual([
      'files m audio',
      'refresh m',
      'files m audio',
      'files m audio',
      'create YT: Mix audio true id:/data/a.mp3',
    ]);
  });

  it('throws the kind’s error when no library holds the type', async () => {
    const { server } = stub({ indexed: [] });
    server.libraries = async () => [{ id: 'v', type: 'movies', locations: [] }];
    await expect(publishByRecreating(server, request({ mediaType: 'audio' }), options)).rejects.toThrow(
      'no music library',
    );
  });
});

describe('JobFiles and indexNewFiles', () => {
  it('collects a job’s files once each and asks the server in one request per job', async () => {
    const jobs = new JobFiles();
    jobs.add('j1', { video: '/data/a.mp4', audio: null });
    jobs.add('j1', { video: '/data/a.mp4', audio: '/data/a.mp3' });
    jobs.add('j2', { video: '/data/b.mp4', audio: null });
    const written = jobs.take('j1')!;
    expect(written).toEqual({ video: ['/data/a.mp4'], audio: ['/data/a.mp3'] });
    expect(jobs.take('j1')).toBeNull();
    const { server, calls } = stub({ indexed: [] });
    expect(await indexNewFiles(server, written, [])).toEqual({ paths: ['/data/a.mp4', '/data/a.mp3'], libraryIds: [] });
    expect(calls).toEqual(['updated /data/a.mp4,/data/a.mp3']);
  });
});
