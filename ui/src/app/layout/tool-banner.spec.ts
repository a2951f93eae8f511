import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import type { ToolsResponse } from '@vidkeep/contracts';
import { dom } from '../../testing/dom';
import { ytdlpStatus } from '../../testing/fixtures/settings';
import { FakeApi, provideFakeApi } from '../../testing/fake-api';
import { settle } from '../../testing/settle';
import { ToolStatus } from '../core/tool-status';
import { ToolBanner, toolProblem } from './tool-banner';

const tools = (ytdlp: Partial<ToolsResponse['ytdlp']> = {}, updatesManaged = false): ToolsResponse => ({
  ytdlp: ytdlpStatus(ytdlp),
  ffmpeg: { name: 'ffmpeg', path: 'ffmpeg', found: true, version: '5.1' },
  ffprobe: { name: 'ffprobe', path: 'ffprobe', found: true, version: '5.1' },
  updatesManaged,
});

describe('toolProblem', () => {
  it('says nothing while yt-dlp is the newest release, however old, or when the platform manages it', () => {
    expect(toolProblem(tools())).toBeNull();
    // The newest release is never "too old", whatever its age.
    expect(toolProblem(tools({ version: '2026.08.19', ageDays: 101, latestVersion: '2026.08.19' }))).toBeNull();
    expect(toolProblem(tools({ stale: true, ageDays: 999 }, true))).toBeNull();
    expect(toolProblem(null)).toBeNull();
  });

  it('names an old yt-dlp, a failed update and a missing yt-dlp', () => {
    const behind = 'yt-dlp 2026.11.20 is out and can be installed here; this one is 2023.03.04.';
    expect(toolProblem(tools({ version: '2023.03.04', stale: true, staleReason: behind, source: 'path' }))).toBe(
      `${behind} Downloads may fail until it is updated.`,
    );
    const failed = {
      at: '2026-11-27T04:00:00.000Z',
      success: false,
      reason: 'error',
      message: 'pip could not reach the Python package index',
    };
    expect(toolProblem(tools({ lastUpdate: failed }))).toBe(
      'The last yt-dlp update failed: pip could not reach the Python package index',
    );
    expect(toolProblem(tools({ found: false, path: '/opt/yt-dlp' }))).toBe(
      'yt-dlp was not found (/opt/yt-dlp): downloads cannot run.',
    );
  });
});

describe('ToolBanner', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<ToolBanner>;
  const d = () => dom(fixture);

  beforeEach(() => {
    sessionStorage.clear();
    TestBed.configureTestingModule({ providers: [provideFakeApi(), provideRouter([])] });
    api = TestBed.inject(FakeApi);
  });
  afterEach(() => fixture.destroy());

  async function open(answer: ToolsResponse): Promise<void> {
    api.on('GET', '/api/ytdlp/version', () => answer);
    fixture = TestBed.createComponent(ToolBanner);
    await settle(fixture);
  }

  it('shows a stale yt-dlp with a link to the fix, without running the tools again, and hides when dismissed', async () => {
    const reason = 'yt-dlp 2023.03.04 was released 999 days ago, and the newest release could not be asked from pip.';
    await open(tools({ version: '2023.03.04', stale: true, staleReason: reason, ageDays: 999, source: 'path' }));
    expect(api.callsTo('GET', '/api/ytdlp/version')[0]?.query).toBeUndefined();
    expect(d().text('[data-testid="tool-banner"]')).toContain(reason);
    expect(d().one<HTMLAnchorElement>('[data-testid="tool-banner-fix"]')?.getAttribute('href')).toBe('/settings');
    d().click('[data-testid="tool-banner"] button');
    await settle(fixture);
    expect(d().one('[data-testid="tool-banner"]')).toBeNull();
    expect(sessionStorage.getItem('vidkeep.toolBannerDismissed')).toBe('1');
  });

  it('goes away as soon as the tools are loaded again after a successful update, without a reload', async () => {
    const reason = 'yt-dlp 2026.11.20 is out and can be installed here; this one is 2026.08.19.';
    await open(tools({ version: '2026.08.19', stale: true, staleReason: reason, source: 'path' }));
    expect(d().text('[data-testid="tool-banner"]')).toContain(reason);
    // What Settings does after "Update yt-dlp": the shared status is loaded again.
    api.on('GET', '/api/ytdlp/version', () => tools({ version: '2026.11.20', latestVersion: '2026.11.20' }));
    const loaded = TestBed.inject(ToolStatus).load(true);
    await settle(fixture);
    await loaded;
    await settle(fixture);
    expect(d().one('[data-testid="tool-banner"]')).toBeNull();
  });

  it('stays away while yt-dlp is fine', async () => {
    await open(tools());
    expect(d().one('[data-testid="tool-banner"]')).toBeNull();
  });
});
