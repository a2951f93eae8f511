import { Component, signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { settle } from '../../../testing/settle';
import type { CheckVideoUrlResponse } from './api-types';
import { PREVIEW_DELAY_MS, PREVIEW_MAX, UrlPreviews } from './url-previews';

@Component({
  imports: [UrlPreviews],
  template: `<app-url-previews [urls]="urls()" />`,
})
class Host {
  readonly urls = signal<string[]>([]);
}

const ok = (sourceId: string, extra: Partial<CheckVideoUrlResponse> = {}): CheckVideoUrlResponse => ({
  isValidUrl: true,
  isAlreadyDownloaded: false,
  isMembersOnly: false,
  status: 'never_downloaded',
  activity: null,
  downloaded: null,
  metadata: {
    sourceId,
    url: `https://www.youtube.com/watch?v=${sourceId}`,
    channelName: 'Fixture Channel',
    channelId: 'UCxxxxxxxxxxxxxxxxxxxxxx',
    videoTitle: `Clip ${sourceId}`,
    duration: 65,
    thumbnailUrl: 'https://i.example/t.jpg',
    publishedAt: 1735732800,
    availability: 'public',
    media_type: 'video',
  },
  error: null,
  errorCode: null,
  ...extra,
});

describe('UrlPreviews', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<Host>;
  const d = () => dom(fixture);
  const checks = () => api.callsTo('POST', '/api/checkSourceVideoURL').map((c) => (c.body as { url: string }).url);

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    api.on('POST', '/api/checkSourceVideoURL', (call) => {
      const url = (call.body as { url: string }).url;
      if (url.includes('@')) {
        return {
          ...ok('x'),
          isValidUrl: false,
          metadata: null,
          error: 'That is a channel URL: paste the URL of one video',
          errorCode: 'NOT_A_VIDEO_URL',
        };
      }
      if (url.endsWith('walled00000')) {
        return {
          ...ok('x'),
          isValidUrl: false,
          metadata: null,
          error: 'The platform wants cookies',
          errorCode: 'COOKIES_REQUIRED',
        };
      }
      if (url.endsWith('aaaaaaaaaaa')) {
        return ok('aaaaaaaaaaa', {
          isAlreadyDownloaded: true,
          status: 'downloaded',
          downloaded: {
            downloadedAt: '2025-01-02T10:00:00.000Z',
            videoResolution: '1920x1080',
            removed: false,
            missing: false,
          },
        });
      }
      return ok(url.slice(-11));
    });
    fixture = TestBed.createComponent(Host);
    await settle(fixture);
  });
  afterEach(() => vi.useRealTimers());

  it('checks each URL once typing pauses, and shows what it is and whether the library has it', async () => {
    fixture.componentInstance.urls.set(['https://youtu.be/aaaaaaaaaaa']);
    await settle(fixture, 100);
    fixture.componentInstance.urls.set(['https://youtu.be/aaaaaaaaaaa', 'https://youtu.be/bbbbbbbbbbb']);
    await settle(fixture, PREVIEW_DELAY_MS);
    expect(checks()).toEqual(['https://youtu.be/aaaaaaaaaaa', 'https://youtu.be/bbbbbbbbbbb']);
    const items = d().all('[data-testid="url-preview"]');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Clip aaaaaaaaaaa');
    expect(items[0]!.textContent).toContain('Fixture Channel');
    expect(items[0]!.textContent).toContain('1:05');
    expect(d().text('[data-testid="url-preview-downloaded"]')).toContain('Already downloaded at 1080p');
    // What the answer will say: it is skipped, and downloading it again is offered then.
    expect(d().text('[data-testid="url-preview-downloaded"]')).toContain(
      'queueing skips it and offers to download it again.',
    );
    expect(items[1]!.querySelector('[data-testid="url-preview-downloaded"]')).toBeNull();

    // A URL already checked is not asked again.
    fixture.componentInstance.urls.set(['https://youtu.be/bbbbbbbbbbb']);
    await settle(fixture, PREVIEW_DELAY_MS);
    expect(checks()).toHaveLength(2);
  });

  it('says why a URL cannot be downloaded (not a video, cookies required)', async () => {
    fixture.componentInstance.urls.set(['https://www.youtube.com/@chan', 'https://youtu.be/walled00000']);
    await settle(fixture, PREVIEW_DELAY_MS);
    const invalid = d().all('[data-testid="url-preview-invalid"]');
    expect(invalid.map((e) => e.getAttribute('data-code'))).toEqual(['NOT_A_VIDEO_URL', 'COOKIES_REQUIRED']);
    expect(invalid[1]!.textContent).toContain('cookies');
  });

  it(`checks only the first ${PREVIEW_MAX} URLs of a long paste`, async () => {
    const urls = Array.from({ length: 12 }, (_, i) => `https://youtu.be/${String(i).padStart(11, 'v')}`);
    fixture.componentInstance.urls.set(urls);
    await settle(fixture, PREVIEW_DELAY_MS);
    expect(checks()).toHaveLength(PREVIEW_MAX);
    expect(fixture.nativeElement.textContent).toContain('2 more URLs are checked when queued');
  });
});
