import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import type { ToolsResponse } from '@vidkeep/contracts';
import { dom } from '../../testing/dom';
import { FakeApi, provideFakeApi } from '../../testing/fake-api';
import { settle } from '../../testing/settle';
import { ToolBanner, toolProblem } from './tool-banner';

const tools = (ytdlp: Partial<ToolsResponse['ytdlp']> = {}, updatesManaged = false): ToolsResponse => ({
  ytdlp: {
    name: 'yt-dlp',
    path: 'yt-dlp',
    found: true,
    version: '2026.11.01',
    source: 'private',
    releasedOn: '2026-11-01',
    ageDays: 26,
    stale: false,
    updateMethod: 'private',
    lastUpdate: null,
    ...ytdlp,
  },
  ffmpeg: { name: 'ffmpeg', path: 'ffmpeg', found: true, version: '5.1' },
  ffprobe: { name: 'ffprobe', path: 'ffprobe', found: true, version: '5.1' },
  updatesManaged,
});

describe('toolProblem', () => {
  it('says nothing while yt-dlp is current, or when the platform manages it', () => {
    expect(toolProblem(tools())).toBeNull();
    expect(toolProblem(tools({ stale: true, ageDays: 999 }, true))).toBeNull();
    expect(toolProblem(null)).toBeNull();
  });

  it('names an old yt-dlp, a failed update and a missing yt-dlp', () => {
    expect(toolProblem(tools({ version: '2023.03.04', stale: true, ageDays: 999, source: 'path' }))).toBe(
      'yt-dlp 2023.03.04 is 999 days old: the platform has probably changed since, and downloads may fail.',
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
    await open(tools({ version: '2023.03.04', stale: true, ageDays: 999, source: 'path' }));
    expect(api.callsTo('GET', '/api/ytdlp/version')[0]?.query).toBeUndefined();
    expect(d().text('[data-testid="tool-banner"]')).toContain('yt-dlp 2023.03.04 is 999 days old');
    expect(d().one<HTMLAnchorElement>('[data-testid="tool-banner-fix"]')?.getAttribute('href')).toBe('/settings');
    d().click('[data-testid="tool-banner"] button');
    await settle(fixture);
    expect(d().one('[data-testid="tool-banner"]')).toBeNull();
    expect(sessionStorage.getItem('vidkeep.toolBannerDismissed')).toBe('1');
  });

  it('stays away while yt-dlp is fine', async () => {
    await open(tools());
    expect(d().one('[data-testid="tool-banner"]')).toBeNull();
  });
});
