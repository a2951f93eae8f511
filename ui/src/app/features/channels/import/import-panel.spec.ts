import { TestBed, type ComponentFixture } from '@angular/core/testing';
import type { ImportPreview, ImportResult, ImportSummary } from '@vidkeep/contracts';
import { ApiError } from '../../../core/api';
import { dom } from '../../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../../testing/fake-api';
import { FakeLive, provideFakeLive } from '../../../../testing/fake-live';
import { settle } from '../../../../testing/settle';
import { chooseFile } from '../../../../testing/files';
import { ImportPanel } from './import-panel';
import { countsText, statusText, toAddSettings } from './subscription-import';

const A = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const B = 'UCbbbbbbbbbbbbbbbbbbbbbb';
const C = 'UCcccccccccccccccccccccc';
const channel = (channelId: string, title: string, extra = {}) => ({
  channelId,
  title,
  url: `https://www.youtube.com/channel/${channelId}`,
  thumbnailUrl: null,
  alreadySubscribed: false,
  previouslySubscribed: false,
  ...extra,
});

const PREVIEW: ImportPreview = {
  source: 'takeout',
  totalFound: 3,
  alreadySubscribedCount: 1,
  channels: [
    channel(A, 'Alpha'),
    channel(B, 'Beta', { alreadySubscribed: true }),
    channel(C, 'Gamma', { previouslySubscribed: true }),
  ],
  problems: [{ line: 4, message: 'No channel id (UC followed by 22 letters, digits, - or _) in "junk"' }],
};

const summary = (extra: Partial<ImportSummary> = {}): ImportSummary => ({
  jobId: 'job-1',
  source: 'takeout',
  status: 'running',
  total: 2,
  done: 0,
  successes: 0,
  errors: 0,
  skipped: 0,
  cancelRequested: false,
  startedAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  ...extra,
});
const result = (channelId: string, title: string, extra: Partial<ImportResult> = {}): ImportResult => ({
  channelId,
  title,
  url: `https://www.youtube.com/channel/${channelId}`,
  state: 'success',
  restored: false,
  reason: null,
  ...extra,
});

describe('ImportPanel', () => {
  let api: FakeApi;
  let live: FakeLive;
  let fixture: ComponentFixture<ImportPanel>;
  let active: ImportSummary | null;
  const text = (id: string) => dom(fixture).text(`[data-testid="${id}"]`);
  const q = <T extends HTMLElement = HTMLElement>(id: string) => dom(fixture).one<T>(`[data-testid="${id}"]`);
  const csv = () => new File(['Channel Id,Channel Url,Channel Title\n'], 'subscriptions.csv', { type: 'text/csv' });

  async function create(): Promise<void> {
    fixture = TestBed.createComponent(ImportPanel);
    await settle(fixture);
  }

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi(), provideFakeLive()] });
    api = TestBed.inject(FakeApi);
    live = TestBed.inject(FakeLive);
    active = null;
    api
      .on('GET', '/api/subscriptions/imports/active', () => active)
      .on('GET', '/api/subscriptions/imports', () => ({ imports: [] }))
      .on('POST', '/api/subscriptions/preview/takeout', () => structuredClone(PREVIEW))
      .on('POST', '/api/subscriptions/imports', () => ({ jobId: 'job-1', total: 2 }))
      .on('POST', '/api/subscriptions/imports/job-1/cancel', () => ({ status: 'Cancelling' }))
      .on('GET', '/api/subscriptions/imports/job-1', () => ({
        ...summary({
          status: 'completed_with_errors',
          done: 2,
          successes: 1,
          errors: 1,
          finishedAt: '2026-11-27T10:01:00.000Z',
        }),
        results: [
          result(A, 'Alpha'),
          result(C, 'Gamma', { state: 'error', reason: 'the channel was not found on the platform' }),
        ],
      }));
  });
  afterEach(() => vi.useRealTimers());

  it('previews a CSV: bad rows, already subscribed left out, removed ones marked, new ones chosen', async () => {
    await create();
    chooseFile(fixture, 'import-drop-takeout', csv());
    await settle(fixture);
    expect((api.callsTo('POST', '/api/subscriptions/preview/takeout')[0]?.body as FormData).get('file')).toBeInstanceOf(
      File,
    );
    expect(text('import-found')).toBe('Found 3 channels; 1 already subscribed.');
    expect(text('import-problems')).toContain('Line 4: No channel id');
    expect(q<HTMLInputElement>(`import-check-${B}-input`)).toBeNull();
    const checkbox = (id: string) => q(`import-check-${id}`)!.querySelector('input')!;
    expect(checkbox(A).checked).toBe(true);
    expect(checkbox(B).checked).toBe(false);
    expect(checkbox(B).disabled).toBe(true);
    expect(checkbox(C).checked).toBe(true);
    expect(text('import-already')).toBe('already subscribed');
    expect(text('import-restore')).toContain('comes back with its settings');
    expect(text('import-start')).toBe('Import 2 channels');
  });

  it('starts with the chosen channels and settings, follows the live progress, then lists the results', async () => {
    const imported = vi.fn();
    await create();
    fixture.componentInstance.imported.subscribe(imported);
    chooseFile(fixture, 'import-drop-takeout', csv());
    await settle(fixture);
    fixture.componentInstance.quality.setValue('720');
    fixture.componentInstance.subfolder.setValue('Kids');
    q(`import-check-${C}`)!.querySelector('input')!.click();
    await settle(fixture);
    q(`import-check-${C}`)!.querySelector('input')!.click();
    await settle(fixture);
    q<HTMLButtonElement>('import-start')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', '/api/subscriptions/imports')[0]?.body).toEqual({
      channels: [
        { channelId: A, url: `https://www.youtube.com/channel/${A}`, title: 'Alpha' },
        { channelId: C, url: `https://www.youtube.com/channel/${C}`, title: 'Gamma' },
      ],
      source: 'takeout',
      settings: { video_quality: '720', sub_folder: 'Kids' },
    });
    expect(text('import-status')).toBe('Importing… 0 of 2 done');

    live.send({
      type: 'subscriptionImportUpdated',
      import: summary({ done: 1, successes: 1 }),
      lastResult: result(A, 'Alpha'),
    });
    await settle(fixture);
    expect(text('import-status')).toBe('Importing… 1 of 2 done');
    expect(dom(fixture).all('[data-testid="import-result"]')).toHaveLength(1);

    live.send({
      type: 'subscriptionImportUpdated',
      import: summary({ status: 'completed_with_errors', done: 2, successes: 1, errors: 1 }),
      lastResult: null,
    });
    await settle(fixture);
    expect(text('import-status')).toBe('Done, with problems: 1 subscribed, 1 failed.');
    const rows = dom(fixture).all('[data-testid="import-result"]');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['success', 'error']);
    expect(rows[1]?.textContent).toContain('the channel was not found on the platform');
    expect(imported).toHaveBeenCalledTimes(1);

    fixture.componentInstance.setFilter('error');
    await settle(fixture);
    expect(dom(fixture).all('[data-testid="import-result"]')).toHaveLength(1);
    q<HTMLButtonElement>('import-again')!.click();
    await settle(fixture);
    expect(text('import-last')).toContain('Done, with problems');
  });

  it('cancels a running import, and picks a running one up again after a reload', async () => {
    active = summary({ done: 1, successes: 1 });
    api.on('GET', '/api/subscriptions/imports/job-1', () => ({ ...active!, results: [result(A, 'Alpha')] }));
    await create();
    expect(text('import-status')).toBe('Importing… 1 of 2 done');
    q<HTMLButtonElement>('import-cancel')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', '/api/subscriptions/imports/job-1/cancel')).toHaveLength(1);
    expect(text('import-status')).toBe('Cancelling… 1 of 2 done');
    expect(q<HTMLButtonElement>('import-cancel')!.disabled).toBe(true);
  });

  it("shows the server's refusal of a file", async () => {
    api.on('POST', '/api/subscriptions/preview/cookies', () => {
      throw new ApiError(
        422,
        'The platform did not accept these cookies as a signed-in account',
        'CHANNELS_IMPORT_NOT_SIGNED_IN',
      );
    });
    await create();
    fixture.componentInstance.source.set('cookies');
    await settle(fixture);
    chooseFile(fixture, 'import-drop-cookies', new File(['x'], 'cookies.txt'));
    await settle(fixture);
    expect(text('import-error')).toBe(
      'cookies.txt could not be read: The platform did not accept these cookies as a signed-in account',
    );
  });

  it('words the counts and settings', () => {
    expect(countsText({ successes: 46, skipped: 2, errors: 2 })).toBe('46 subscribed, 2 skipped, 2 failed');
    expect(statusText(summary({ status: 'interrupted', done: 3, successes: 3 }))).toBe(
      'Cut off by a restart of the server: 3 subscribed.',
    );
    expect(toAddSettings({ quality: '', subfolder: '  ' })).toBeUndefined();
    expect(toAddSettings({ quality: '480', subfolder: '' })).toEqual({ video_quality: '480' });
  });
});
