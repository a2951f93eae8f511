import { describe, expect, it } from 'vitest';
import type { WalkedFile } from '../disk/walk.js';
import { planRow, type DiskView, type LibraryFileRow } from './reconcile.js';

const now = new Date('2026-11-28T10:00:00Z');
const row = (over: Partial<LibraryFileRow> = {}): LibraryFileRow => ({
  id: 1,
  sourceId: 'aaaaaaaaaaa',
  filePath: '/out/C/v/Clip [aaaaaaaaaaa].mp4',
  fileSize: 100,
  audioFilePath: null,
  audioFileSize: null,
  videoResolution: '1280x720',
  missingAt: null,
  ...over,
});
const file = (path: string, size: number, over: Partial<WalkedFile> = {}): WalkedFile => ({
  path,
  dir: path.slice(0, path.lastIndexOf('/')),
  name: path.slice(path.lastIndexOf('/') + 1),
  size,
  kind: path.endsWith('.mp3') ? 'audio' : 'video',
  nameId: 'aaaaaaaaaaa',
  infoJson: null,
  ...over,
});
function disk(files: WalkedFile[]): DiskView {
  const byPath = new Map(files.map((f) => [f.path, f]));
  return {
    sizeAt: (p) => byPath.get(p)?.size ?? null,
    filesOf: (id, kind) => files.filter((f) => f.nameId === id && f.kind === kind),
  };
}

describe('planRow', () => {
  it('leaves a file where the record says, with the same size, untouched and unprobed', () => {
    const plan = planRow(row(), disk([file('/out/C/v/Clip [aaaaaaaaaaa].mp4', 100)]), new Set(), now);
    expect(plan).toMatchObject({ outcome: 'unchanged', set: {}, moved: false, probe: null });
  });

  it('refreshes a changed size and measures the file again', () => {
    const plan = planRow(row(), disk([file('/out/C/v/Clip [aaaaaaaaaaa].mp4', 250)]), new Set(), now);
    expect(plan).toMatchObject({ outcome: 'changed', set: { fileSize: 250 }, resized: true });
    expect(plan.probe).toBe('/out/C/v/Clip [aaaaaaaaaaa].mp4');
  });

  it('measures only where the resolution is unknown', () => {
    const plan = planRow(row({ videoResolution: null }), disk([file(row().filePath!, 100)]), new Set(), now);
    expect(plan).toMatchObject({ outcome: 'changed', set: {}, probe: row().filePath });
  });

  it('marks a gone file missing once, and keeps its paths', () => {
    const first = planRow(row(), disk([]), new Set(), now);
    expect(first).toMatchObject({ outcome: 'missing', set: { missingAt: now }, probe: null });
    const again = planRow(row({ missingAt: now }), disk([]), new Set(), now);
    expect(again).toMatchObject({ outcome: 'stillMissing', set: {} });
  });

  it('finds a moved file by id, preferring the same name, and clears missing', () => {
    const moved = file('/out/Sorted/Clip [aaaaaaaaaaa].mp4', 100);
    const other = file('/out/Other/Another cut [aaaaaaaaaaa].mp4', 100);
    const plan = planRow(row({ missingAt: now }), disk([other, moved]), new Set(), now);
    expect(plan).toMatchObject({
      outcome: 'changed',
      set: { filePath: moved.path, missingAt: null },
      moved: true,
      foundAgain: true,
      probe: null,
    });
  });

  it('never gives one file to two records', () => {
    const claimed = new Set<string>();
    const only = file('/out/x/Clip [aaaaaaaaaaa].mp4', 100);
    expect(planRow(row(), disk([only]), claimed, now).moved).toBe(true);
    expect(planRow(row({ id: 2 }), disk([only]), claimed, now).outcome).toBe('missing');
  });

  it('keeps an audio-only video present by its mp3, and follows a moved mp3 beside a video', () => {
    const audioOnly = row({
      filePath: null,
      fileSize: null,
      audioFilePath: '/out/a [aaaaaaaaaaa].mp3',
      audioFileSize: 5,
    });
    expect(planRow(audioOnly, disk([file('/out/a [aaaaaaaaaaa].mp3', 5)]), new Set(), now).outcome).toBe('unchanged');
    expect(planRow(audioOnly, disk([]), new Set(), now).outcome).toBe('missing');
    const both = row({ audioFilePath: '/out/C/v/Clip [aaaaaaaaaaa].mp3', audioFileSize: 5 });
    const plan = planRow(
      both,
      disk([file(both.filePath!, 100), file('/out/mp3s/Clip [aaaaaaaaaaa].mp3', 5)]),
      new Set(),
      now,
    );
    expect(plan).toMatchObject({ set: { audioFilePath: '/out/mp3s/Clip [aaaaaaaaaaa].mp3' }, moved: true });
  });
});
