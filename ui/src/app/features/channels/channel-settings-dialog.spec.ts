import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { MAT_DIALOG_DATA, MatDialogRef } from '@angular/material/dialog';
import { ApiError } from '../../core/api';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { dom } from '../../../testing/dom';
import { CHANNEL_ID as CH, channelSettings } from '../../../testing/fixtures/channels';
import { settle } from '../../../testing/settle';
import type { ChannelSettings } from './api-types';
import { ChannelSettingsDialog } from './channel-settings-dialog';

const settings = (extra: Partial<ChannelSettings> = {}): ChannelSettings =>
  channelSettings({ auto_removal_keep_recent_count: 10, video_quality: '720', ...extra });

describe('ChannelSettingsDialog', () => {
  let api: FakeApi;
  let putError: ApiError | null;
  let closed: unknown[];
  let fixture: ComponentFixture<ChannelSettingsDialog>;
  const q = (sel: string) => dom(fixture).one(sel);
  const text = (sel: string) => dom(fixture).text(sel);
  const type = (sel: string, value: string) => dom(fixture).type(sel, value);
  const puts = () => api.callsTo('PUT', `/api/channels/${CH}/settings`).map((c) => c.body);

  beforeEach(async () => {
    vi.useFakeTimers();
    closed = [];
    putError = null;
    TestBed.configureTestingModule({
      providers: [
        provideFakeApi(),
        { provide: MAT_DIALOG_DATA, useValue: { channelId: CH, title: 'Fixture Channel' } },
        { provide: MatDialogRef, useValue: { close: (v: unknown) => closed.push(v) } },
      ],
    });
    api = TestBed.inject(FakeApi);
    const current = settings();
    api.on('GET', `/api/channels/${CH}/settings`, () => ({ settings: current }));
    api.on('PUT', `/api/channels/${CH}/settings`, ({ body }) => {
      if (putError) throw putError;
      return { settings: { ...current, ...(body as object) } };
    });
    api.on('GET', `/api/channels/${CH}/filter-preview`, ({ query }) => {
      if (query?.['title_filter_regex'] === '(')
        throw new ApiError(400, 'The title filter is not a valid regular expression');
      return {
        videos: [
          { sourceId: 'a', title: 'Episode 1', publishedAt: null, matches: true },
          { sourceId: 'b', title: 'Trailer', publishedAt: null, matches: false },
        ],
        totalCount: 2,
        matchCount: 1,
      };
    });
    fixture = TestBed.createComponent(ChannelSettingsDialog);
    await settle(fixture);
  });

  afterEach(() => vi.useRealTimers());

  it('loads every setting into the form', () => {
    expect(api.calls[0].url).toBe(`/api/channels/${CH}/settings`);
    const f = fixture.componentInstance.form.getRawValue();
    expect(f.video_quality).toBe('720');
    expect(f.skip_video_folder).toBe('default');
    expect(f.auto_removal_keep_recent_count).toBe(10);
    expect(q('[data-testid="settings-subfolder"]')).not.toBeNull();
    expect(q('[data-testid="settings-show-videos"]')).not.toBeNull();
    expect(q('[data-testid="settings-auto-shorts"]')).not.toBeNull();
  });

  it('saves nothing when nothing changed', async () => {
    q('[data-testid="settings-save"]')!.click();
    await settle(fixture);
    expect(puts()).toEqual([]);
    expect(text('[data-testid="settings-notice"]')).toBe('Nothing changed.');
  });

  it('shows the reserved-subfolder hint and then the server answer', async () => {
    type('[data-testid="settings-subfolder"]', '__playlists__');
    await settle(fixture);
    expect(text('[data-testid="settings-subfolder-hint"]')).toContain('reserved');
    putError = new ApiError(400, 'subfolder: subfolder name __playlists__ is reserved', 'CHANNELS_INVALID_SETTINGS', [
      { path: 'subfolder', message: 'subfolder name __playlists__ is reserved' },
    ]);
    q('[data-testid="settings-save"]')!.click();
    await settle(fixture);
    expect(puts()).toEqual([{ subfolder: '__playlists__' }]);
    const err = q('[data-testid="settings-error"]')!;
    expect(err.getAttribute('role')).toBe('alert');
    expect(err.textContent).toContain('subfolder name __playlists__ is reserved');
    expect(closed).toEqual([]);
  });

  it('shows the 409 answer too', async () => {
    type('[data-testid="settings-subfolder"]', 'music');
    putError = new ApiError(
      409,
      'The subfolder of Fixture Channel cannot change while its downloads are in progress; try again when they finish',
    );
    q('[data-testid="settings-save"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="settings-error"]')).toContain('cannot change while its downloads are in progress');
  });

  it('hints at tag characters while typing', async () => {
    type('[data-testid="settings-tags"]', 'news, café');
    await settle(fixture);
    expect(text('[data-testid="settings-tags-hint"]')).toContain('Only letters');
  });

  it('disables the keep count while protected and leaves it out of the request', async () => {
    // Says what both do for automatic removal.
    expect(text('[data-testid="settings-removal-intro"]')).toContain('Settings, Retention');
    expect(text('[data-testid="settings-protected"]')).toBe(
      "Protected: automatic removal never deletes this channel's videos",
    );
    const protectedToggle = q('[data-testid="settings-protected"] button') as HTMLButtonElement;
    protectedToggle.click();
    await settle(fixture);
    expect((q('[data-testid="settings-keep-count"]') as HTMLInputElement).disabled).toBe(true);
    expect(document.body.textContent).toContain('none of its videos are removed automatically');
    q('[data-testid="settings-save"]')!.click();
    await settle(fixture);
    expect(puts()).toEqual([{ auto_removal_protected: true }]);
    expect(closed.length).toBe(1);
  });

  it('sends only the changed fields and closes with the saved settings', async () => {
    const c = fixture.componentInstance;
    c.form.patchValue({ skip_video_folder: 'no', audio_format: 'mp3_only', video_quality: '', m3u_enabled: true });
    c.setHidden('shorts', true);
    c.setAuto('videos', false);
    q('[data-testid="settings-save"]')!.click();
    await settle(fixture);
    expect(puts()).toEqual([
      {
        video_quality: null,
        audio_format: 'mp3_only',
        skip_video_folder: false,
        m3u_enabled: true,
        hidden_tabs: ['shorts'],
        auto_download_enabled_tabs: '',
      },
    ]);
    expect((closed[0] as { settings: ChannelSettings }).settings.skip_video_folder).toBe(false);
  });

  it('takes the duration limits in seconds, checks them while typing, and sends them', async () => {
    expect(text('[data-testid="settings-duration-intro"]')).toContain('never filtered');
    type('[data-testid="settings-min-duration"]', '600');
    type('[data-testid="settings-max-duration"]', '300');
    await settle(fixture);
    expect(text('[data-testid="settings-max-duration-hint"]')).toBe(
      'The longest duration must be longer than the shortest',
    );
    type('[data-testid="settings-max-duration"]', '90000');
    await settle(fixture);
    expect(text('[data-testid="settings-max-duration-hint"]')).toContain('At most 86,400 seconds');
    q('[data-testid="settings-save"]')!.click();
    await settle(fixture);
    expect(puts()).toEqual([]);
    expect(text('[data-testid="settings-error"]')).toContain('Longest duration: At most 86,400 seconds');

    type('[data-testid="settings-max-duration"]', '1200');
    await settle(fixture);
    expect(text('[data-testid="settings-max-duration-hint"]')).toBe('');
    expect(text('[data-testid="settings-duration-intro"]')).toContain('Automatic downloads and download-all');
    q('[data-testid="settings-save"]')!.click();
    await settle(fixture);
    expect(puts()).toEqual([{ min_duration: 600, max_duration: 1200 }]);
    expect((closed[0] as { settings: ChannelSettings }).settings).toMatchObject({
      min_duration: 600,
      max_duration: 1200,
    });
  });

  it("says a new subfolder moves the channel's folder, and that nothing moved when that is refused", async () => {
    expect(q('[data-testid="settings-move-notice"]')).toBeNull();
    type('[data-testid="settings-subfolder"]', 'Kids');
    await settle(fixture);
    expect(text('[data-testid="settings-move-notice"]')).toBe(
      "Saving moves the channel's folder with its downloaded videos from the root of the output folder to __Kids; the library, .m3u files and media-server playlists follow. It is refused while a download of the channel is queued or running.",
    );
    putError = new ApiError(
      409,
      "The channel's folder cannot move: /data/__Kids/Fixture Channel already holds A - a. Move or rename those files first; nothing was changed.",
      'DOWNLOAD_MOVE_CONFLICT',
    );
    q('[data-testid="settings-save"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="settings-error"]')).toMatch(
      /^Not saved, nothing moved: The channel's folder cannot move/,
    );
    expect(closed).toEqual([]);
  });

  it('previews the title filter and shows a bad pattern', async () => {
    type('[data-testid="settings-title-filter"]', '(?i)episode');
    q('[data-testid="settings-filter-preview"]')!.click();
    await settle(fixture);
    expect(api.calls.at(-1)).toEqual({
      method: 'GET',
      url: `/api/channels/${CH}/filter-preview`,
      query: { title_filter_regex: '(?i)episode' },
    });
    expect(text('[data-testid="settings-filter-result"]')).toContain('1 of the 2 newest known videos match');
    type('[data-testid="settings-title-filter"]', '(');
    q('[data-testid="settings-filter-preview"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="settings-filter-error"]')).toContain('not a valid regular expression');
  });
});
