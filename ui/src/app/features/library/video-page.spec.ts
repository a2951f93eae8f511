import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { matSelect } from '../../../testing/mat-select';
import { libraryVideo } from '../../../testing/fixtures/downloads';
import { settle } from '../../../testing/settle';
import type { Video, VideoMetadataResponse } from './api-types';
import { VideoPage } from './video-page';

const ID = 'aaaaaaaaaaa';
const video: Video = libraryVideo(ID, {
  id: 7,
  title: 'Fixture clip',
  description: 'Saved description',
  filePath: '/out/Fixture Channel/clip.mp4',
  fileSize: 1_048_576,
  jobId: '11111111-1111-4111-8111-111111111111',
  normalized_rating: 'PG-13',
  rating_source: 'Channel Default',
});
const meta: VideoMetadataResponse = {
  infoJsonAvailable: true,
  description: 'The whole description\nwith two lines',
  viewCount: 12345,
  likeCount: 10,
  commentCount: 2,
  tags: ['one', 'two'],
  categories: ['People & Blogs'],
  chapters: [
    { title: 'Intro', startTime: 0, endTime: 10 },
    { title: 'Main', startTime: 10, endTime: 65 },
  ],
  uploadDate: '2025-01-01',
  resolution: '1920x1080',
  width: 1920,
  height: 1080,
  fps: 25,
  aspectRatio: 1.78,
  language: null,
  isLive: false,
  wasLive: false,
  availability: 'public',
  channelFollowerCount: null,
  ageLimit: 0,
  webpageUrl: `https://www.youtube.com/watch?v=${ID}`,
  availableResolutions: [1080, 720],
  downloadedTier: '1080p',
  relatedFiles: [
    { kind: 'video', name: 'clip.mp4', path: '/out/Fixture Channel/clip.mp4', size: 1_048_576, exists: true },
    { kind: 'nfo', name: 'clip.nfo', path: '/out/Fixture Channel/clip.nfo', size: 900, exists: true },
  ],
};

describe('VideoPage', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<VideoPage>;
  const d = () => dom(fixture);

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({
      providers: [provideRouter([]), provideFakeApi(), { provide: Auth, useValue: { token: signal('tok') } }],
    });
    api = TestBed.inject(FakeApi);
    api.on('GET', `/api/videos/${ID}`, () => video);
    api.on('GET', `/api/videos/${ID}/metadata`, () => meta);
    api.on('GET', `/api/videos/${ID}/links`, () => ({
      links: [
        { kind: 'channel', id: 'UCxxxxxxxxxxxxxxxxxxxxxx', title: 'Fixture Channel', url: null, following: true },
        { kind: 'playlist', id: 'PLfixture', title: 'Best of', url: null, following: true },
      ],
    }));
    api.on('GET', /^\/api\/jobs\//, () => ({
      id: video.jobId,
      type: 'manual',
      label: 'Manual download',
      status: 'completed',
      options: {},
      counts: { total: 1, queued: 0, active: 0, completed: 1, failed: 0, skipped: 0, cancelled: 0 },
      message: null,
      errorCode: null,
      requestedBy: 'admin',
      createdAt: '2025-01-02T09:59:00.000Z',
      startedAt: null,
      finishedAt: null,
    }));
    fixture = TestBed.createComponent(VideoPage);
    fixture.componentRef.setInput('sourceId', ID);
    await settle(fixture);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the player, the stored details, the files, the job, the channel and the playlists', () => {
    expect(d().text('[data-testid="video-title"]')).toBe('Fixture clip');
    expect(d().one('[data-testid="video-player"]')!.getAttribute('src')).toBe(`/api/videos/${ID}/file?token=tok`);
    expect(d().text('[data-testid="video-views"]')).toBe('12,345 views when downloaded');
    expect(d().text('[data-testid="video-description"]')).toContain('The whole description');
    expect(d().all('[data-testid="video-chapters"] li')).toHaveLength(2);
    expect(
      d()
        .all('[data-testid="video-tags"] .badge')
        .map((b) => b.textContent!.trim()),
    ).toEqual(['one', 'two']);
    expect(
      d()
        .all('[data-testid="video-file"]')
        .map((li) => [...li.querySelectorAll('span')].map((s) => s.textContent!.trim())),
    ).toEqual([
      ['video', 'clip.mp4', '1.0 MB'],
      ['nfo', 'clip.nfo', '900 B'],
    ]);
    expect(d().text('[data-testid="video-resolution"]')).toContain('1080p');
    expect(d().text('[data-testid="video-job"]')).toContain('Manual download');
    expect(d().one('[data-testid="video-channel"]')!.getAttribute('href')).toBe('/channels/UCxxxxxxxxxxxxxxxxxxxxxx');
    expect(d().one('[data-testid="video-playlists"] a')!.getAttribute('href')).toBe('/playlists/PLfixture');
    expect(d().text('[data-testid="video-rating-badge"]')).toBe("PG-13 · the channel's default");
  });

  it('rates the video and says when the file could not carry it', async () => {
    api.on('POST', '/api/videos/rating', () => ({
      success: [ID],
      warnings: [{ sourceId: ID, warning: 'The file is no longer on disk: the rating is kept in the library only' }],
      failed: [],
    }));
    matSelect(fixture, '[data-testid="video-rating"]')
      .options.find((o) => o.value === 'NR')!
      .select();
    await settle(fixture);
    d().click('[data-testid="video-rate"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/videos/rating')[0]!.body).toEqual({ sourceIds: [ID], rating: null });
    expect(d().text('[data-testid="video-message"]')).toContain('kept in the library only');
    expect(d().text('[data-testid="video-rating-badge"]')).toBe('Not rated · set by hand');
  });

  it('protects it, and queues it again', async () => {
    api.on('PATCH', `/api/videos/${ID}/protected`, () => ({ sourceId: ID, protected: true }));
    api.on('POST', '/api/videos/download', () => ({ queued: 1, message: 'Video queued for download' }));
    d().click('[data-testid="video-protect"]');
    await settle(fixture);
    expect(d().one('[data-testid="video-protected-badge"]')).not.toBeNull();
    d().click('[data-testid="video-redownload"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/videos/download')[0]!.body).toEqual({ url: video.sourceUrl });
    expect(d().text('[data-testid="video-message"]')).toContain('Queued for download again');
  });

  it('offers neither the player nor Save file for a file missing on disk, and says it is missing', async () => {
    api.on('GET', '/api/videos/ccccccccccc', () => ({
      ...video,
      sourceId: 'ccccccccccc',
      missingAt: '2025-02-01T00:00:00.000Z',
    }));
    fixture.componentRef.setInput('sourceId', 'ccccccccccc');
    await settle(fixture);
    expect(d().one('[data-testid="video-missing-badge"]')).not.toBeNull();
    expect(d().one('[data-testid="video-player"]')).toBeNull();
    expect(d().one('[data-testid="video-save"]')).toBeNull();
  });

  it('says when the video is not in the library', async () => {
    api.on('GET', '/api/videos/bbbbbbbbbbb', () => {
      throw new ApiError(404, 'No downloaded video bbbbbbbbbbb', 'DOWNLOAD_VIDEO_NOT_FOUND');
    });
    fixture.componentRef.setInput('sourceId', 'bbbbbbbbbbb');
    await settle(fixture);
    expect(d().text('[data-testid="video-error"]')).toBe('This video is not in the library.');
  });
});
