import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import {
  GB,
  removalResult,
  retentionConfigView,
  sampleVideo,
  serveRetention,
  type RetentionServer,
} from '../../../testing/fixtures/retention';
import { matSelect } from '../../../testing/mat-select';
import { poll } from '../../../testing/poll';
import { settle } from '../../../testing/settle';
import type { AutoRemovalResult } from './removal-words';
import { RetentionPage } from './retention-page';

/** A preview in which age finds 12 videos (10 listed), watched is skipped and space has room. */
function plannedRemoval(): AutoRemovalResult {
  const r = removalResult();
  r.plan.keepRecent = { count: 3, protectedCount: 4 };
  r.plan.ageStrategy = {
    ...r.plan.ageStrategy,
    enabled: true,
    thresholdDays: 7,
    candidateCount: 12,
    estimatedFreedBytes: 24 * GB,
    sampleVideos: Array.from({ length: 10 }, (_, i) => sampleVideo(i + 1)),
  };
  r.plan.watchedStrategy = { ...r.plan.watchedStrategy, enabled: true, skipped: 'watch-status sync is switched off' };
  r.plan.spaceStrategy = {
    ...r.plan.spaceStrategy,
    enabled: true,
    threshold: '20GB',
    thresholdBytes: 20 * GB,
    storageStatus: { totalBytes: 500 * GB, freeBytes: 100 * GB },
  };
  r.simulationTotals = { byAge: 12, byWatched: 0, bySpace: 0, total: 12, estimatedFreedBytes: 24 * GB };
  return r;
}

describe('RetentionPage', () => {
  let fixture: ComponentFixture<RetentionPage>;
  let api: FakeApi;
  let server: RetentionServer;
  const d = () => dom(fixture);
  const pick = async (testId: string, value: string) => {
    matSelect(fixture, `[data-testid="${testId}"]`)
      .options.find((o) => o.value === value)!
      .select();
    await settle(fixture);
  };
  const type = async (testId: string, value: string) => {
    d().type(`[data-testid="${testId}"]`, value);
    await settle(fixture);
  };
  const toggle = async (testId: string) => {
    d().click(`[data-testid="${testId}"] button`);
    await settle(fixture);
  };
  const input = (testId: string) => d().one<HTMLInputElement>(`[data-testid="${testId}"]`);
  const dryRuns = () => api.callsTo('POST', '/api/auto-removal/dry-run');
  const patches = () => api.callsTo('PATCH', '/api/config');

  async function open(state: Partial<RetentionServer> = {}): Promise<void> {
    TestBed.configureTestingModule({ providers: [provideRouter([]), provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    server = serveRetention(api, state);
    fixture = TestBed.createComponent(RetentionPage);
    await settle(fixture);
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    fixture.destroy();
    vi.useRealTimers();
  });

  it('shows the saved settings as thresholds people pick', async () => {
    await open({
      config: retentionConfigView({
        autoRemovalEnabled: true,
        autoRemovalVideoAgeThreshold: '45',
        autoRemovalFreeSpaceThreshold: '500MB',
        autoRemovalWatchedEnabled: true,
        autoRemovalWatchedMinDaysSinceWatched: '7',
        autoRemovalKeepRecentCount: 5,
        watchStatusWatchedRule: 'primary',
      }),
    });
    expect(d().one('[data-testid="retention-enabled"] button')?.getAttribute('aria-checked')).toBe('true');
    expect(matSelect(fixture, '[data-testid="retention-age"]').value).toBe('custom');
    expect(input('retention-age-days')?.value).toBe('45');
    expect(input('retention-space-amount')?.value).toBe('500');
    expect(input('retention-space-amount')?.disabled).toBe(false);
    expect(matSelect(fixture, '[data-testid="retention-space-unit"]').value).toBe('MB');
    expect(input('retention-since-watched')?.value).toBe('7');
    expect(input('retention-min-video-age')?.value).toBe('');
    expect(input('retention-keep-recent')?.value).toBe('5');
    expect(matSelect(fixture, '[data-testid="retention-rule"]').value).toBe('primary');
    expect(d().text('[data-testid="retention-pending"]')).toBe('No unsaved changes');
    // The reference's age choices.
    expect(
      matSelect(fixture, '[data-testid="retention-age"]')
        .options.map((o) => o.value)
        .slice(1, -1),
    ).toEqual(['7', '14', '30', '60', '120', '180', '365', '730', '1095', '1825']);
    expect(d().text('[data-testid="retention-never-ran"]')).toBe('Automatic removal has not run yet.');
    expect(d().all('[data-testid="retention-watched-note"]')).toEqual([]);
  });

  it('previews the unsaved values: how many videos, which ones, how many bytes, and why a rule was skipped', async () => {
    await open({ dryRun: () => plannedRemoval() });
    await pick('retention-age', '7');
    await toggle('retention-space-on');
    await type('retention-space-amount', '20');
    await toggle('retention-watched-enabled');
    await type('retention-keep-recent', '3');
    expect(d().text('[data-testid="retention-pending"]')).toBe('4 unsaved changes');
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    d().click('[data-testid="retention-preview"]');
    await settle(fixture);
    Element.prototype.scrollIntoView = original;
    // The answer is below the fold on most screens: it comes into view, its heading focused.
    const title = d().one<HTMLElement>('#retention-preview-title')!;
    expect(scrolled).toEqual([title]);
    expect(document.activeElement).toBe(title);

    expect(dryRuns().map((c) => c.body)).toEqual([
      {
        autoRemovalEnabled: false,
        autoRemovalVideoAgeThreshold: '7',
        autoRemovalFreeSpaceThreshold: '20GB',
        autoRemovalWatchedEnabled: true,
        autoRemovalWatchedMinDaysSinceWatched: '',
        autoRemovalWatchedMinVideoAgeDays: '',
        autoRemovalKeepRecentCount: 3,
        watchStatusWatchedRule: 'any',
      },
    ]);
    // A preview saves nothing.
    expect(patches()).toEqual([]);
    expect(d().text('[data-testid="retention-pending"]')).toBe('4 unsaved changes');

    expect(d().text('[data-testid="retention-preview-basis"]')).toBe(
      'With the values above, not saved yet. Nothing was removed.',
    );
    expect(d().text('[data-testid="preview-headline"]')).toBe('Would remove 12 videos and free about 26 GB.');
    expect(d().text('[data-testid="preview-breakdown"]')).toBe('By age 12 · watched 0 · free space 0');
    expect(d().text('[data-testid="preview-keep-recent"]')).toContain('4 videos');
    expect(d().text('[data-testid="preview-ageStrategy-summary"]')).toBe('Would remove 12 videos, about 26 GB');
    const samples = d().all('[data-testid="preview-ageStrategy-sample"]');
    expect(samples).toHaveLength(10);
    expect(samples[0]!.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Old clip 1 Fixture Channel · 2.1 GB · downloaded Jan 2, 2025',
    );
    expect(d().text('[data-testid="preview-ageStrategy-more"]')).toBe('and 2 more');
    expect(d().text('[data-testid="preview-watchedStrategy-summary"]')).toBe(
      'Skipped: watch-status sync is switched off',
    );
    expect(d().text('[data-testid="preview-spaceStrategy"]')).toContain(
      'Keep at least 20 GB free; 107 GB of 537 GB free now',
    );
    expect(d().text('[data-testid="preview-spaceStrategy-summary"]')).toBe('Enough free space: nothing to remove');

    // Changing a value after the preview says that it no longer matches.
    expect(d().one('[data-testid="retention-preview-stale"]')).toBeNull();
    await pick('retention-age', '30');
    expect(d().text('[data-testid="retention-preview-stale"]')).toContain('press Preview again');
  });

  it('previews the saved settings when nothing changed, and an unsaved watched rule too', async () => {
    await open({ dryRun: () => removalResult() });
    d().click('[data-testid="retention-preview"]');
    await settle(fixture);
    expect(d().text('[data-testid="retention-preview-basis"]')).toBe('With the saved settings. Nothing was removed.');
    expect(d().text('[data-testid="preview-headline"]')).toBe('Nothing would be removed with these settings.');
    expect(d().text('[data-testid="preview-ageStrategy-summary"]')).toBe('Off');

    await pick('retention-rule', 'primary');
    d().click('[data-testid="retention-preview"]');
    await settle(fixture);
    // The unsaved rule goes with the preview, which says it used unsaved values.
    expect(dryRuns().at(-1)!.body).toMatchObject({ watchStatusWatchedRule: 'primary' });
    expect(d().text('[data-testid="retention-preview-basis"]')).toContain('not saved yet');
  });

  it('does not preview values that are not valid, and shows the server’s refusal', async () => {
    await open();
    await pick('retention-age', 'custom');
    d().click('[data-testid="retention-preview"]');
    await settle(fixture);
    expect(dryRuns()).toEqual([]);
    expect(d().text('[data-testid="retention-preview-error"]')).toBe(
      'Not previewed: correct the highlighted fields first.',
    );
    expect(d().text('[data-testid="retention-age-group"] mat-error')).toBe('Enter a number of days');
    expect(document.activeElement).toBe(input('retention-age-days'));

    await type('retention-age-days', '45');
    server.dryRun = () => {
      throw new ApiError(409, 'Automatic removal is running; preview again when it has finished', 'RETENTION_RUNNING');
    };
    d().click('[data-testid="retention-preview"]');
    await settle(fixture);
    expect(d().one('[data-testid="retention-preview-error"]')?.getAttribute('role')).toBe('alert');
    expect(d().text('[data-testid="retention-preview-error"]')).toBe(
      'Not previewed: Automatic removal is running; preview again when it has finished',
    );
  });

  it('checks the thresholds while typing', async () => {
    await open();
    await type('retention-since-watched', '0');
    expect(d().text('[data-testid="retention-watched-group"] mat-error')).toBe('At least 1 day');
    await type('retention-since-watched', '');
    expect(d().one('[data-testid="retention-watched-group"] mat-error')).toBeNull();
    // The amount only counts with the free-space rule on.
    expect(input('retention-space-amount')?.disabled).toBe(true);
    await toggle('retention-space-on');
    await type('retention-space-amount', '1.5');
    expect(d().text('[data-testid="retention-space-group"] mat-error')).toContain('choose MB');
    await type('retention-keep-recent', '100001');
    expect(d().text('[data-testid="retention-keep-group"] mat-error')).toBe('At most 100,000');
  });

  it('saves only what changed, the rule included', async () => {
    await open();
    await pick('retention-age', '365');
    await pick('retention-rule', 'primary');
    await toggle('retention-enabled');
    d().click('[data-testid="retention-save"]');
    await settle(fixture);
    expect(patches().map((c) => c.body)).toEqual([
      { autoRemovalEnabled: true, autoRemovalVideoAgeThreshold: '365', watchStatusWatchedRule: 'primary' },
    ]);
    expect(d().text('[data-testid="retention-save-status"]')).toBe('Saved 3 settings.');
    expect(d().text('[data-testid="retention-pending"]')).toBe('No unsaved changes');
    // The run's state is read again (on/off).
    expect(api.callsTo('GET', '/api/auto-removal/status')).toHaveLength(2);
    d().click('[data-testid="retention-save"]');
    await settle(fixture);
    expect(patches()).toHaveLength(1);
    expect(d().text('[data-testid="retention-save-status"]')).toBe('Nothing to save: no value was changed.');
  });

  it('puts the server’s objections on their fields and discards edits', async () => {
    await open();
    api.on('PATCH', '/api/config', () => {
      throw new ApiError(400, 'Invalid configuration', 'CORE_VALIDATION', [
        { path: 'body/autoRemovalFreeSpaceThreshold', message: 'must match pattern "^[1-9][0-9]{0,6}(MB|GB)$"' },
        { path: 'body/somethingElse', message: 'is not allowed' },
      ]);
    });
    await toggle('retention-space-on');
    await type('retention-space-amount', '20');
    d().click('[data-testid="retention-save"]');
    await settle(fixture);
    expect(d().text('[data-testid="retention-save-error"] p')).toBe('Invalid configuration');
    expect(d().text('[data-testid="retention-save-error"] li')).toBe('somethingElse: is not allowed');
    expect(d().text('[data-testid="retention-space-group"] mat-error')).toContain('must match pattern');
    d().click('[data-testid="retention-reset"]');
    await settle(fixture);
    expect(d().one('[data-testid="retention-space-on"] button')?.getAttribute('aria-checked')).toBe('false');
    expect(d().text('[data-testid="retention-pending"]')).toBe('No unsaved changes');
    expect(d().one('[data-testid="retention-save-error"]')).toBeNull();
  });

  it('shows the last run’s result, and follows a run until it ends', async () => {
    const result = removalResult({ dryRun: false, totalDeleted: 2, deletedByWatched: 2, freedBytes: 3 * GB });
    delete result.simulationTotals;
    result.plan.watchedStrategy = {
      ...result.plan.watchedStrategy,
      enabled: true,
      deletedCount: 2,
      sampleVideos: [
        sampleVideo(1, { lastWatchedAt: '2025-02-01T10:00:00.000Z' }),
        sampleVideo(2, { channelName: null, fileSize: null }),
      ],
    };
    result.errors = ['Old clip 3: the file is outside the output directory, so it was not deleted'];
    await open({
      status: {
        enabled: true,
        running: true,
        lastRun: {
          trigger: 'scheduled',
          startedAt: '2026-11-24T02:00:00.000Z',
          finishedAt: null,
          result: null,
          error: null,
        },
      },
    });
    expect(d().text('[data-testid="retention-run-state"]')).toBe('Running now');
    expect(d().text('[data-testid="retention-run-when"]')).toMatch(
      /^The nightly run started .+ and has not finished\.$/,
    );

    server.status = {
      enabled: true,
      running: false,
      lastRun: {
        trigger: 'scheduled',
        startedAt: '2026-11-24T02:00:00.000Z',
        finishedAt: '2026-11-24T02:00:09.000Z',
        result,
        error: null,
      },
    };
    await poll(fixture, 'the end of the run', () => d().one('[data-testid="last-run-headline"]'), {
      stepMs: 1000,
      withinMs: 10_000,
    });
    expect(d().text('[data-testid="retention-run-state"]')).toBe('On: every night at 02:00');
    expect(d().text('[data-testid="last-run-headline"]')).toBe('Removed 2 videos and freed 3.2 GB.');
    expect(d().text('[data-testid="last-run-watchedStrategy-summary"]')).toBe('Removed 2 videos');
    const samples = d().all('[data-testid="last-run-watchedStrategy-sample"]');
    expect(samples[0]!.textContent).toContain('last watched Feb 1, 2025');
    expect(samples[1]!.textContent?.replace(/\s+/g, ' ')).toContain('Unknown channel · downloaded');
    expect(d().text('[data-testid="last-run-errors"]')).toContain('outside the output directory');
    const looks = api.callsTo('GET', '/api/auto-removal/status').length;
    await settle(fixture, 20_000);
    expect(api.callsTo('GET', '/api/auto-removal/status')).toHaveLength(looks);
  });

  it('runs now with the saved settings while the nightly removal is off, and shows what it removed', async () => {
    await open({ config: retentionConfigView({ autoRemovalVideoAgeThreshold: '30' }) });
    expect(d().text('[data-testid="retention-run-state"]')).toBe('Off');
    expect(d().text('[data-testid="retention-run-now-hint"]')).toBe(
      'Removes videos now with the saved settings, even while the nightly removal is switched off.',
    );
    await type('retention-keep-recent', '3');
    expect(d().text('[data-testid="retention-run-now-hint"]')).toContain('(not the unsaved changes above)');
    const result = removalResult({ dryRun: false, totalDeleted: 1, deletedByAge: 1, freedBytes: 500 });
    server.run = () => {
      server.status = {
        enabled: false,
        running: false,
        lastRun: {
          trigger: 'manual',
          startedAt: '2026-11-24T10:00:00.000Z',
          finishedAt: '2026-11-24T10:00:01.000Z',
          result,
          error: null,
        },
      };
      return result;
    };
    d().click('[data-testid="retention-run-now"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/auto-removal/run')).toHaveLength(1);
    expect(d().text('[data-testid="retention-run-now-outcome"]')).toBe('Removed 1 video and freed 500 B.');
    expect(d().text('[data-testid="retention-run-when"]')).toMatch(/^A run started by hand started /);
    expect(d().text('[data-testid="last-run-headline"]')).toBe('Removed 1 video and freed 500 B.');
  });

  it('shows why Run now was refused', async () => {
    await open();
    server.run = () => {
      throw new ApiError(
        409,
        'Nothing to remove by: no age or free-space threshold is set',
        'RETENTION_NOTHING_CONFIGURED',
      );
    };
    d().click('[data-testid="retention-run-now"]');
    await settle(fixture);
    expect(d().text('[data-testid="retention-run-now-error"]')).toBe(
      'Not run: Nothing to remove by: no age or free-space threshold is set',
    );
    expect(d().one('[data-testid="retention-run-now-outcome"]')).toBeNull();
  });

  it('says why a run failed', async () => {
    await open({
      status: {
        enabled: true,
        running: false,
        lastRun: {
          trigger: 'manual',
          startedAt: '2026-11-24T02:00:00.000Z',
          finishedAt: '2026-11-24T02:00:01.000Z',
          result: null,
          error: 'The keep-recent videos could not be read, so nothing was removed',
        },
      },
    });
    expect(d().text('[data-testid="retention-run-error"]')).toBe(
      'It failed: The keep-recent videos could not be read, so nothing was removed',
    );
  });

  it('explains when watched videos cannot be known', async () => {
    await open({ watchStatus: { running: false, enabled: false, rule: 'any', lastRun: null }, connected: [] });
    expect(
      d()
        .all('[data-testid="retention-watched-note"]')
        .map((p) => p.textContent?.trim()),
    ).toEqual([
      'Watch-status sync is switched off: this rule is skipped until it is switched on.',
      'No media server is connected: nothing is known to be watched until one is.',
    ]);
    expect(d().one('[data-testid="retention-watched-group"] a')?.getAttribute('href')).toBe('/settings/media-servers');
  });

  it('explains when the watch-status plugin does not run', async () => {
    await open({ watchStatus: null });
    expect(d().text('[data-testid="retention-watched-note"]')).toContain('The watch-status plugin is not running');
  });

  it('says so when the retention plugin does not run', async () => {
    const config = retentionConfigView();
    for (const key of Object.keys(config))
      if (key.startsWith('autoRemoval')) delete (config as Record<string, unknown>)[key];
    TestBed.configureTestingModule({ providers: [provideRouter([]), provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    serveRetention(api, { config });
    api.on('GET', '/api/auto-removal/status', () => {
      throw new ApiError(404, 'Route GET:/api/auto-removal/status not found');
    });
    fixture = TestBed.createComponent(RetentionPage);
    await settle(fixture);
    expect(d().text('[data-testid="retention-unavailable"]')).toContain('the retention plugin is not loaded');
    expect(d().one('[data-testid="retention-save"]')).toBeNull();
    expect(d().one('[data-testid="retention-status-error"]')).toBeNull();
  });

  it('explains a failed load and tries again', async () => {
    TestBed.configureTestingModule({ providers: [provideRouter([]), provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    serveRetention(api);
    api.on('GET', '/getconfig', () => {
      throw new ApiError(500, 'Reading the config failed');
    });
    fixture = TestBed.createComponent(RetentionPage);
    await settle(fixture);
    expect(d().text('[data-testid="retention-load-error"]')).toContain(
      'The settings could not be loaded: Reading the config failed',
    );
    api.on('GET', '/getconfig', () => retentionConfigView());
    d().click('[data-testid="retention-load-error"] button');
    await settle(fixture);
    expect(d().one('[data-testid="retention-load-error"]')).toBeNull();
    expect(d().one('[data-testid="retention-save"]')).not.toBeNull();
  });
});
