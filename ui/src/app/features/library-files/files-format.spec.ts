import type { SubfolderEntry } from '@vidkeep/contracts';
import {
  importFigures,
  importPathHint,
  progressPercent,
  progressText,
  rescanFigures,
  scanStatusLabel,
  subfolderUsage,
} from './files-format';
import { scanCounts } from '../../../testing/fixtures/library-files';

const zero = scanCounts();

describe('files format', () => {
  it('says what a rescan found, leaving out what did not happen', () => {
    expect(rescanFigures({ ...zero, checked: 20000, filesSeen: 20001 })).toEqual([
      '20,000 videos checked against 20,001 files',
    ]);
    expect(
      rescanFigures({
        ...zero,
        checked: 5,
        filesSeen: 5,
        missing: 1,
        foundAgain: 2,
        moved: 1,
        backfilled: 3,
        errors: 1,
      }),
    ).toEqual([
      '5 videos checked against 5 files',
      '1 video newly missing (files gone from disk)',
      '2 videos found again',
      '1 video found at a new place',
      '3 resolutions measured',
      '1 problem',
    ]);
    expect(rescanFigures({ ...zero, untracked: 2 })).toContain(
      '2 files not in the library (add them with the button below)',
    );
  });

  it('says what an import did', () => {
    expect(importFigures({ ...zero, imported: 3, alreadyInLibrary: 1, noId: 2 })).toEqual([
      '3 videos added',
      '1 video already in the library',
      '2 files skipped: no id in the name and no info.json',
    ]);
  });

  it('puts progress in words and percent', () => {
    expect(progressText('rescan', null)).toBe('Starting the rescan…');
    expect(progressText('rescan', { phase: 'walking', done: 400, total: null })).toBe(
      'Reading folders: 400 folders read',
    );
    expect(progressText('rescan', { phase: 'checking', done: 5000, total: 20000 })).toBe(
      'Comparing videos with the disk: 5,000 of 20,000',
    );
    expect(progressText('import', { phase: 'probing', done: 1, total: 4 })).toBe(
      'Measuring resolutions with ffprobe: 1 of 4',
    );
    expect(progressPercent({ phase: 'checking', done: 5000, total: 20000 })).toBe(25);
    expect(progressPercent({ phase: 'walking', done: 5, total: null })).toBeNull();
    expect(scanStatusLabel('completed_with_errors')).toBe('Finished with problems');
  });

  it('checks a folder to import as the server will', () => {
    expect(importPathHint('')).toMatch(/Give a folder/);
    expect(importPathHint('../elsewhere')).toMatch(/inside the output directory/);
    expect(importPathHint('a/../../b')).toMatch(/inside the output directory/);
    expect(importPathHint('old-downloads')).toBeNull();
    expect(importPathHint('/srv/videos/old')).toBeNull();
  });

  it('says what uses a subfolder', () => {
    const e = (over: Partial<SubfolderEntry>): SubfolderEntry => ({
      name: 'A',
      displayName: '__A',
      registered: true,
      usage: { isDefault: false, hasFiles: false },
      users: [],
      deletable: true,
      reasons: [],
      ...over,
    });
    expect(subfolderUsage(e({}))).toBe('not used');
    expect(
      subfolderUsage(
        e({
          usage: { isDefault: true, hasFiles: true },
          users: [{ key: 'channels', count: 2, text: '2 subscribed channels' }],
        }),
      ),
    ).toBe('2 subscribed channels, the default subfolder, files on disk');
  });
});
