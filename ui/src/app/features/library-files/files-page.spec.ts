import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import type { FileScanRun, LibraryImportPreview, RescanStatus, SubfolderEntry } from '@vidkeep/contracts';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { FakeLive, provideFakeLive } from '../../../testing/fake-live';
import { configView } from '../../../testing/fixtures/settings';
import { scanCounts } from '../../../testing/fixtures/library-files';
import { settle } from '../../../testing/settle';
import { FilesPage } from './files-page';
import { STATUS_POLL_MS } from './scan-state';

const counts = scanCounts;

const run = (over: Partial<FileScanRun> = {}): FileScanRun => ({
  id: 1,
  operation: 'rescan',
  trigger: 'scheduled',
  status: 'completed',
  path: null,
  move: false,
  startedAt: '2026-11-20T03:30:00.000Z',
  finishedAt: '2026-11-20T03:30:02.000Z',
  counts: counts({ checked: 120, filesSeen: 121, unchanged: 118, missing: 2 }),
  problems: [],
  message: 'Checked 120 videos against 121 files: 2 missing',
  ...over,
});

const subfolder = (over: Partial<SubfolderEntry> = {}): SubfolderEntry => ({
  name: 'Music',
  displayName: '__Music',
  registered: true,
  usage: { isDefault: false, hasFiles: false, channels: 0, playlists: 0, plexMapped: false },
  users: [],
  deletable: true,
  reasons: [],
  ...over,
});

const preview = (over: Partial<LibraryImportPreview> = {}): LibraryImportPreview => ({
  path: 'old-downloads',
  move: false,
  counts: { files: 3, add: 2, restore: 0, inLibrary: 1, noId: 0, channels: 1, bytes: 3_000_000 },
  videos: [
    {
      sourceId: 'aaaaaaaaaaa',
      title: 'Maker one',
      channelName: 'Maker Channel',
      channelId: 'UCmaker',
      filePath: 'old-downloads/Maker one [aaaaaaaaaaa].mp4',
      audioFilePath: null,
      fileSize: 1_500_000,
      hasInfoJson: true,
      action: 'add',
      target: null,
    },
    {
      sourceId: 'bbbbbbbbbbb',
      title: 'Loose one',
      channelName: null,
      channelId: null,
      filePath: 'old-downloads/Loose one [bbbbbbbbbbb].mp4',
      audioFilePath: null,
      fileSize: 1_500_000,
      hasInfoJson: false,
      action: 'add',
      target: null,
    },
    {
      sourceId: 'ccccccccccc',
      title: 'Known',
      channelName: 'Maker Channel',
      channelId: 'UCmaker',
      filePath: 'old-downloads/Known [ccccccccccc].mp4',
      audioFilePath: null,
      fileSize: 1,
      hasInfoJson: true,
      action: 'in-library',
      target: null,
    },
  ],
  truncated: false,
  skipped: [],
  ...over,
});

describe('FilesPage', () => {
  let fixture: ComponentFixture<FilesPage>;
  let api: FakeApi;
  let live: FakeLive;
  let status: RescanStatus;
  let subfolders: SubfolderEntry[];
  const d = () => dom(fixture);

  async function open(connected = true): Promise<void> {
    TestBed.configureTestingModule({ providers: [provideRouter([]), provideFakeApi(), provideFakeLive()] });
    api = TestBed.inject(FakeApi);
    live = TestBed.inject(FakeLive);
    if (connected) live.connect();
    api.on('GET', '/api/maintenance/rescan-status', () => status);
    api.on('GET', '/getconfig', () => configView({ sourceOutputDirectory: '/srv/videos' }));
    api.on('GET', '/api/subfolders', () => subfolders);
    fixture = TestBed.createComponent(FilesPage);
    await settle(fixture);
  }

  beforeEach(() => {
    vi.useFakeTimers();
    status = { running: false, current: null, lastRun: run(), lastImport: null };
    subfolders = [];
  });
  afterEach(() => {
    fixture.destroy();
    vi.useRealTimers();
  });

  it('offers to add the untracked files a rescan found, by importing the whole output directory', async () => {
    await open();
    expect(d().one('[data-testid="rescan-add-untracked"]')).toBeNull();
    fixture.destroy();
    TestBed.resetTestingModule();
    status = { ...status, lastRun: run({ counts: counts({ checked: 3, filesSeen: 5, unchanged: 3, untracked: 2 }) }) };
    await open();
    expect(d().text('[data-testid="rescan-add-untracked"]')).toBe('Add the 2 untracked files');
    api.on('POST', '/api/maintenance/import', () => ({ status: 'started', trigger: 'manual', runId: 3 }));
    d().click('[data-testid="rescan-add-untracked"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/maintenance/import').map((c) => c.body)).toEqual([{ path: '.', move: false }]);
  });

  it('shows the last rescan, starts one, follows its progress live and shows the new result', async () => {
    await open();
    expect(d().text('[data-testid="rescan-last"]')).toContain('Last rescan: Finished');
    expect(d().text('[data-testid="rescan-last"]')).toContain('2 videos newly missing (files gone from disk)');
    api.on('POST', '/api/maintenance/rescan-files', () => ({ status: 'started', trigger: 'manual', runId: 2 }));
    d().click('[data-testid="rescan-start"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/maintenance/rescan-files')).toHaveLength(1);
    expect(d().text('[data-testid="rescan-progress"]')).toBe('Starting the rescan…');
    expect(d().one<HTMLButtonElement>('[data-testid="rescan-start"]')!.disabled).toBe(true);
    expect(d().one<HTMLButtonElement>('[data-testid="import-preview"]')).not.toBeNull();

    const base = { runId: 2, operation: 'rescan' as const, trigger: 'manual' as const, lastRun: null };
    live.send({ type: 'rescanStatus', running: true, ...base, progress: { phase: 'checking', done: 60, total: 120 } });
    await settle(fixture);
    expect(d().text('[data-testid="rescan-progress"]')).toBe('Comparing videos with the disk: 60 of 120');
    expect(d().one('[data-testid="rescan-progress"] mat-progress-bar')!.getAttribute('aria-valuenow')).toBe('50');

    const done = run({
      id: 2,
      trigger: 'manual',
      status: 'completed_with_errors',
      counts: counts({ checked: 120, filesSeen: 120, foundAgain: 2, backfilled: 1, errors: 1 }),
      problems: [{ path: 'A/x.mp4', message: 'Could not read: EACCES' }],
    });
    live.send({ type: 'rescanStatus', running: false, ...base, progress: null, lastRun: done });
    await settle(fixture);
    expect(d().one('[data-testid="rescan-progress"]')).toBeNull();
    expect(d().text('[data-testid="rescan-last"]')).toContain('Finished with problems');
    expect(d().text('[data-testid="rescan-last"]')).toContain('2 videos found again');
    expect(d().text('[data-testid="rescan-problems"]')).toContain('A/x.mp4: Could not read: EACCES');
    expect(d().one<HTMLButtonElement>('[data-testid="rescan-start"]')!.disabled).toBe(false);
  });

  it('says why a rescan did not start (one already running)', async () => {
    await open();
    api.on('POST', '/api/maintenance/rescan-files', () => {
      throw new ApiError(
        409,
        'A library import is already running; try again when it finishes',
        'DOWNLOAD_FILE_SCAN_RUNNING',
      );
    });
    d().click('[data-testid="rescan-start"]');
    await settle(fixture);
    expect(d().text('[data-testid="rescan-error"]')).toBe(
      'The rescan did not start: A library import is already running; try again when it finishes',
    );
  });

  it('asks for the status while a run goes on and the live connection is down', async () => {
    status = {
      ...status,
      running: true,
      current: {
        id: 3,
        operation: 'rescan',
        trigger: 'scheduled',
        startedAt: '2026-11-20T03:30:00.000Z',
        progress: { phase: 'walking', done: 200, total: null },
      },
    };
    await open(false);
    expect(d().text('[data-testid="rescan-progress"]')).toBe('Reading folders: 200 folders read');
    status = {
      running: false,
      current: null,
      lastRun: run({ id: 3, counts: counts({ checked: 9, filesSeen: 9 }) }),
      lastImport: null,
    };
    await settle(fixture, STATUS_POLL_MS);
    expect(d().one('[data-testid="rescan-progress"]')).toBeNull();
    expect(d().text('[data-testid="rescan-last"]')).toContain('9 videos checked against 9 files');
    const polls = api.callsTo('GET', '/api/maintenance/rescan-status').length;
    await settle(fixture, STATUS_POLL_MS * 3);
    expect(api.callsTo('GET', '/api/maintenance/rescan-status')).toHaveLength(polls);
  });

  it('previews a folder, then imports exactly what was previewed, and shows the result', async () => {
    await open();
    expect(d().text('[data-testid="import-card"]')).toContain('/srv/videos');
    expect(d().one<HTMLButtonElement>('[data-testid="import-start"]')!.disabled).toBe(true);
    api.on('POST', '/api/maintenance/import/preview', () => preview());
    d().type('[data-testid="import-path"]', ' old-downloads ');
    await settle(fixture);
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    d().click('[data-testid="import-preview"]');
    await settle(fixture);
    Element.prototype.scrollIntoView = original;
    // The preview comes into view with the focus on its heading.
    const title = d().one<HTMLElement>('#import-preview-title')!;
    expect(title.textContent).toBe('Preview');
    expect(scrolled).toEqual([title]);
    expect(document.activeElement).toBe(title);
    expect(api.callsTo('POST', '/api/maintenance/import/preview')[0]!.body).toEqual({
      path: 'old-downloads',
      move: false,
    });
    expect(d().text('[data-testid="import-preview-summary"]')).toBe(
      '3 media files found: 2 videos to add, 1 video already in the library, 3.0 MB from 1 channel. The files stay where they are.',
    );
    const rows = d()
      .all('[data-testid="import-row"]')
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent!.trim()));
    expect(rows[1]).toEqual([
      'Loose one',
      'unknown (no info.json)',
      'Add',
      'old-downloads/Loose one [bbbbbbbbbbb].mp4',
    ]);
    expect(rows[2]![2]).toBe('Already in the library');
    const start = d().one<HTMLButtonElement>('[data-testid="import-start"]')!;
    expect(start.textContent!.trim()).toBe('Import 2 videos');

    // Changing the choices makes the preview stale: import waits for a new one.
    d().click('[data-testid="import-move"] input');
    await settle(fixture);
    expect(d().one('[data-testid="import-preview-result"]')).toBeNull();
    expect(d().one<HTMLButtonElement>('[data-testid="import-start"]')!.disabled).toBe(true);
    d().click('[data-testid="import-move"] input');
    await settle(fixture);

    api.on('POST', '/api/maintenance/import', () => ({ status: 'started', trigger: 'manual', runId: 7 }));
    d().click('[data-testid="import-start"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/maintenance/import')[0]!.body).toEqual({ path: 'old-downloads', move: false });
    expect(d().text('[data-testid="import-progress"]')).toBe('Starting the import…');
    expect(d().one<HTMLButtonElement>('[data-testid="rescan-start"]')!.disabled).toBe(true);
    expect(d().text('[data-testid="rescan-card"]')).toContain('A library import is running');

    live.send({
      type: 'rescanStatus',
      running: false,
      runId: 7,
      operation: 'import',
      trigger: 'manual',
      progress: null,
      lastRun: run({
        id: 7,
        operation: 'import',
        trigger: 'manual',
        path: 'old-downloads',
        counts: counts({ imported: 2, alreadyInLibrary: 1, backfilled: 1 }),
      }),
    });
    await settle(fixture);
    expect(d().one('[data-testid="import-progress"]')).toBeNull();
    expect(d().text('[data-testid="import-last"]')).toContain('Last import old-downloads: Finished');
    expect(d().text('[data-testid="import-last"]')).toContain('2 videos added');
  });

  it('checks the folder while typing and shows the server’s refusal of it', async () => {
    await open();
    d().type('[data-testid="import-path"]', '../elsewhere');
    await settle(fixture);
    expect(d().text('[data-testid="import-card"] mat-error')).toBe(
      'Only folders inside the output directory can be imported',
    );
    expect(d().one<HTMLButtonElement>('[data-testid="import-preview"]')!.disabled).toBe(true);
    api.on('POST', '/api/maintenance/import/preview', () => {
      throw new ApiError(
        400,
        'link-out leads outside the output directory through a symbolic link (to /etc)',
        'DOWNLOAD_IMPORT_PATH_INVALID',
      );
    });
    d().type('[data-testid="import-path"]', 'link-out');
    await settle(fixture);
    d().click('[data-testid="import-preview"]');
    await settle(fixture);
    expect(d().text('[data-testid="import-preview-error"]')).toBe(
      'The preview failed: link-out leads outside the output directory through a symbolic link (to /etc)',
    );
  });

  it('lists subfolders with their use, deletes an unused one, and shows why one cannot go', async () => {
    subfolders = [
      subfolder({
        name: 'Kids',
        displayName: '__Kids',
        usage: { isDefault: false, hasFiles: true, channels: 2, playlists: 0, plexMapped: false },
        users: [{ key: 'channels', count: 2, text: '2 subscribed channels' }],
        deletable: false,
        reasons: ['used by 2 subscribed channels', 'its folder __Kids holds files'],
      }),
      subfolder(),
    ];
    await open();
    const kids = '[data-testid="subfolder-Kids"]';
    expect(d().text(`${kids} [data-testid="subfolder-usage"]`)).toBe('2 subscribed channels, files on disk');
    expect(d().one<HTMLButtonElement>(`${kids} [data-testid="subfolder-delete"]`)!.disabled).toBe(true);
    expect(d().text(`${kids} [data-testid="subfolder-why"]`)).toBe(
      'Cannot be deleted: used by 2 subscribed channels; its folder __Kids holds files.',
    );

    // A refusal the list did not foresee (a channel chose it meanwhile) is shown beside it.
    const music = '[data-testid="subfolder-Music"]';
    api.on('DELETE', '/api/subfolders/Music', () => {
      throw new ApiError(
        409,
        'The subfolder Music cannot be deleted: used by 1 followed playlist',
        'DOWNLOAD_SUBFOLDER_IN_USE',
      );
    });
    d().click(`${music} [data-testid="subfolder-delete"]`);
    await settle(fixture);
    d().click(`${music} [data-testid="subfolder-delete-confirm"]`);
    await settle(fixture);
    expect(d().text(`${music} [data-testid="subfolder-error"]`)).toBe(
      'The subfolder Music cannot be deleted: used by 1 followed playlist',
    );

    api.on('DELETE', '/api/subfolders/Music', () => {
      subfolders = subfolders.filter((s) => s.name !== 'Music');
      return { deleted: true, folderRemoved: true };
    });
    d().click(`${music} [data-testid="subfolder-delete"]`);
    await settle(fixture);
    d().click(`${music} [data-testid="subfolder-delete-confirm"]`);
    await settle(fixture);
    expect(d().text('[data-testid="subfolder-notice"]')).toBe('Deleted __Music and its empty folder.');
    expect(d().one(music)).toBeNull();
  });

  it('adds a subfolder, checking the name while typing', async () => {
    await open();
    expect(d().text('[data-testid="subfolders-empty"]')).toContain('No subfolders yet');
    d().type('[data-testid="subfolder-name"]', '__Music');
    await settle(fixture);
    expect(d().text('[data-testid="subfolders-card"] mat-error')).toContain('must not start with __');
    api.on('POST', '/api/subfolders', (call) => {
      const name = (call.body as { name: string }).name;
      subfolders = [subfolder({ name, displayName: `__${name}` })];
      return { name, created: true };
    });
    d().type('[data-testid="subfolder-name"]', 'Music ');
    await settle(fixture);
    d().click('[data-testid="subfolder-add"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/subfolders')[0]!.body).toEqual({ name: 'Music' });
    expect(d().text('[data-testid="subfolder-notice"]')).toBe('Added __Music.');
    expect(d().one('[data-testid="subfolder-Music"]')).not.toBeNull();
  });
});
