import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { byTestId, dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { sampleFeed, serveFeeds } from '../../../testing/fixtures/feeds';
import { settle } from '../../../testing/settle';
import { ApiError } from '../../core/api';
import { FeedsSettingsSection } from './feeds-settings-section';

describe('FeedsSettingsSection', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<FeedsSettingsSection>;
  const { text, click } = byTestId(() => fixture);

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    serveFeeds(api, [
      sampleFeed({ id: 1, episodes: 1 }),
      sampleFeed({ id: 2, kind: 'playlist', subjectId: 'PL1', title: 'Talks', format: 'video', available: false }),
    ]);
    fixture = TestBed.createComponent(FeedsSettingsSection);
    await settle(fixture);
  });
  afterEach(() => vi.useRealTimers());

  it('lists every feed with its channel or playlist, format, episodes and last fetch', () => {
    expect(api.callsTo('GET', '/api/feeds')[0]!.query).toBeUndefined();
    expect(text('feed-name-1')).toBe('Audio feed of Channel One');
    expect(text('feed-name-2')).toBe('Video feed of Talks');
    expect(dom(fixture).text('app-feed-item')).toContain('Channel');
    expect(text('feed-facts-1')).toBe('1 episode · not fetched by a podcast app yet');
    expect(text('feed-unavailable-2')).toBe('Playlist no longer followed: empty');
  });

  it('revokes one feed after its confirmation', async () => {
    await click('feed-revoke-2');
    await click('feed-revoke-2-confirm');
    expect(api.callsTo('DELETE', '/api/feeds/2')).toHaveLength(1);
    expect(dom(fixture).all('app-feed-item')).toHaveLength(1);
  });

  it('revokes all feeds only after the confirmation, and says how many', async () => {
    await click('feeds-revoke-all');
    expect(text('feeds-revoke-all-confirm')).toBe('Revoke all');
    expect(dom(fixture).text('app-confirm-inline')).toContain('Revoke all 2 feeds? Their addresses stop working.');
    await click('feeds-revoke-all-cancel');
    expect(api.callsTo('DELETE', '/api/feeds')).toHaveLength(0);
    await click('feeds-revoke-all');
    await click('feeds-revoke-all-confirm');
    expect(api.callsTo('DELETE', '/api/feeds')).toHaveLength(1);
    expect(text('feeds-settings-notice')).toBe('2 feeds revoked.');
    expect(text('feeds-settings-empty')).toBe('No feeds yet.');
    expect(dom(fixture).one<HTMLButtonElement>('[data-testid="feeds-revoke-all"]')!.disabled).toBe(true);
    expect(dom(fixture).one<HTMLButtonElement>('[data-testid="feeds-opml"]')!.disabled).toBe(true);
  });

  it('downloads the OPML file of every feed', async () => {
    const created: Blob[] = [];
    const clicks: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (created.push(b as Blob), 'blob:opml'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download} ${this.href}`);
    });
    await click('feeds-opml');
    expect(api.callsTo('GET', '/api/feeds/opml')).toHaveLength(1);
    expect(clicks).toEqual(['vidkeep-feeds.opml blob:opml']);
    expect(await created[0]!.text()).toContain('<opml');
    vi.restoreAllMocks();
  });

  it('says when the feeds plugin is off', async () => {
    api.on('GET', '/api/feeds', () => {
      throw new ApiError(404, 'Route GET /api/feeds not found', 'CORE_NOT_FOUND');
    });
    fixture = TestBed.createComponent(FeedsSettingsSection);
    await settle(fixture);
    expect(text('feeds-settings-unavailable')).toBe(
      'Not available: the feeds plugin is not loaded or is switched off (see Plugins).',
    );
    expect(dom(fixture).one('[data-testid="feeds-revoke-all"]')).toBeNull();
  });

  it("shows the server's refusal to load the feeds", async () => {
    api.on('GET', '/api/feeds', () => {
      throw new ApiError(503, 'The feeds plugin is switched off');
    });
    fixture = TestBed.createComponent(FeedsSettingsSection);
    await settle(fixture);
    expect(text('feeds-settings-load-error')).toBe('The feeds could not be loaded: The feeds plugin is switched off');
  });
});
