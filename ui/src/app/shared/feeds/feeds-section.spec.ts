import { Component, signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { byTestId, dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { sampleFeed, serveFeeds } from '../../../testing/fixtures/feeds';
import { settle } from '../../../testing/settle';
import { ApiError } from '../../core/api';
import type { Feed } from './feeds-api';
import { FeedsSection } from './feeds-section';

@Component({
  imports: [FeedsSection],
  template: `<app-feeds-section kind="channel" [subjectId]="id()" />`,
})
class Host {
  readonly id = signal('UC1');
}

describe('FeedsSection', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<Host>;
  let feeds: Feed[];
  let written: string[];
  let refuse: boolean;
  const { text, click } = byTestId(() => fixture);

  beforeEach(async () => {
    vi.useFakeTimers();
    written = [];
    refuse = false;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (t: string) => {
          if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
          written.push(t);
        },
      },
    });
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    feeds = serveFeeds(api, [
      sampleFeed({ id: 1, lastFetchedAt: '2026-11-20T08:30:00.000Z', pendingAudio: 2 }),
      sampleFeed({ id: 9, subjectId: 'UC2', title: 'Another' }),
    ]);
    fixture = TestBed.createComponent(Host);
    await settle(fixture);
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("lists this channel's feeds with their address, episodes and last fetch, and offers the missing format", () => {
    expect(api.callsTo('GET', '/api/feeds')[0]!.query).toEqual({ kind: 'channel', subjectId: 'UC1' });
    expect(dom(fixture).all('app-feed-item')).toHaveLength(1);
    expect(text('feed-name-1')).toBe('Audio feed');
    expect(dom(fixture).one<HTMLInputElement>('[data-testid="feed-url-1"]')!.value).toBe(feeds[0]!.url);
    expect(dom(fixture).one<HTMLInputElement>('[data-testid="feed-url-1"]')!.readOnly).toBe(true);
    expect(text('feed-facts-1')).toMatch(
      /^3 episodes · 2 episodes waiting for audio · last fetched by a podcast app Nov 20, 2026/,
    );
    expect(text('feeds-section')).toContain("Anyone with a feed's address can listen; revoking the feed ends it.");
    expect(dom(fixture).one('[data-testid="feeds-make-audio"]')).toBeNull();
    expect(text('feeds-make-video')).toBe('Get video feed');
  });

  it('makes a video feed and shows it, never fetched yet', async () => {
    await click('feeds-make-video');
    expect(api.callsTo('POST', '/api/feeds')[0]!.body).toEqual({ kind: 'channel', subjectId: 'UC1', format: 'video' });
    expect(text('feed-name-10')).toBe('Video feed');
    expect(text('feed-facts-10')).toBe('2 episodes · not fetched by a podcast app yet');
    expect(dom(fixture).one('[data-testid="feeds-make-video"]')).toBeNull();
  });

  it("shows the server's refusal to make a feed where it happened", async () => {
    api.on('POST', '/api/feeds', () => {
      throw new ApiError(404, 'No subscribed channel has this id', 'FEEDS_SUBJECT_NOT_FOUND');
    });
    await click('feeds-make-video');
    expect(text('feeds-make-error')).toBe('No feed made: No subscribed channel has this id');
  });

  it('copies the address and says so', async () => {
    await click('feed-copy-1');
    expect(written).toEqual([feeds[0]!.url]);
    expect(text('feed-copy-state-1')).toBe('Copied');
    expect(dom(fixture).one('[data-testid="feed-copy-state-1"]')!.getAttribute('role')).toBe('status');
  });

  it('selects the address and says how to copy it when the clipboard is refused', async () => {
    refuse = true;
    await click('feed-copy-1');
    const field = dom(fixture).one<HTMLInputElement>('[data-testid="feed-url-1"]')!;
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(field.value.length);
    expect(text('feed-copy-state-1')).toBe(
      'Copying was not allowed here: the address is selected, press Ctrl+C (⌘C) to copy it.',
    );
  });

  it('shows and hides the QR code of the address', async () => {
    const toggle = () => dom(fixture).one('[data-testid="feed-qr-toggle-1"]')!;
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    await click('feed-qr-toggle-1');
    const svg = dom(fixture).one('[data-testid="feed-qr-1"]')!;
    expect(svg.getAttribute('aria-label')).toBe('QR code of the address of the Audio feed');
    expect(svg.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(toggle().textContent!.trim()).toBe('Hide QR code');
    await click('feed-qr-toggle-1');
    expect(dom(fixture).one('[data-testid="feed-qr-1"]')).toBeNull();
  });

  it('revokes a feed only after the inline confirmation; Keep goes back', async () => {
    await click('feed-revoke-1');
    expect(api.callsTo('DELETE', '/api/feeds/1')).toHaveLength(0);
    await click('feed-revoke-1-cancel');
    expect(dom(fixture).one('[data-testid="feed-revoke-1-confirm"]')).toBeNull();
    await click('feed-revoke-1');
    await click('feed-revoke-1-confirm');
    expect(api.callsTo('DELETE', '/api/feeds/1')).toHaveLength(1);
    expect(dom(fixture).all('app-feed-item')).toHaveLength(0);
    expect(text('feeds-make-audio')).toBe('Get audio feed');
  });

  it("keeps the feed and shows the server's refusal of a revoke", async () => {
    api.on('DELETE', '/api/feeds/1', () => {
      throw new ApiError(500, 'The database is locked');
    });
    await click('feed-revoke-1');
    await click('feed-revoke-1-confirm');
    expect(text('feed-revoke-1-error')).toBe('Not revoked: The database is locked');
    expect(dom(fixture).all('app-feed-item')).toHaveLength(1);
  });

  it('shows nothing while the feeds plugin is off (its routes answer 404)', async () => {
    api.on('GET', '/api/feeds', () => {
      throw new ApiError(404, 'Route GET /api/feeds not found', 'CORE_NOT_FOUND');
    });
    fixture.componentInstance.id.set('UC2');
    await settle(fixture);
    expect(dom(fixture).one('[data-testid="feeds-section"]')).toBeNull();
    expect(dom(fixture).one('[role="alert"]')).toBeNull();
  });

  it('loads the feeds of another channel when the page moves to it', async () => {
    fixture.componentInstance.id.set('UC2');
    await settle(fixture);
    expect(api.callsTo('GET', '/api/feeds').at(-1)!.query).toEqual({ kind: 'channel', subjectId: 'UC2' });
    expect(dom(fixture).all('app-feed-item')).toHaveLength(1);
    expect(dom(fixture).one('[data-testid="feed-name-9"]')).not.toBeNull();
  });
});
