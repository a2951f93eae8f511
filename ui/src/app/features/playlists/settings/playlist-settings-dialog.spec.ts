import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { MAT_DIALOG_DATA, MatDialogRef } from '@angular/material/dialog';
import { ApiError } from '../../../core/api';
import { FakeApi, provideFakeApi } from '../../../../testing/fake-api';
import { dom } from '../../../../testing/dom';
import { PLAYLIST_ID, playlistDetail, playlistSettings } from '../../../../testing/fixtures/playlists';
import { settle } from '../../../../testing/settle';
import type { PlaylistSettingsDialogData } from './playlist-settings-dialog';
import { PlaylistSettingsDialog } from './playlist-settings-dialog';

const URL = `/api/playlists/${PLAYLIST_ID}/settings`;

describe('PlaylistSettingsDialog', () => {
  let api: FakeApi;
  let putError: ApiError | null;
  let closed: unknown[];
  let fixture: ComponentFixture<PlaylistSettingsDialog>;
  const q = (sel: string) => dom(fixture).one(sel);
  const text = (sel: string) => dom(fixture).text(sel);
  const type = (sel: string, value: string) => dom(fixture).type(sel, value);
  const puts = () => api.callsTo('PUT', URL).map((c) => c.body);
  const save = async () => {
    q('[data-testid="psettings-save"]')!.click();
    await settle(fixture);
  };

  beforeEach(async () => {
    vi.useFakeTimers();
    closed = [];
    putError = null;
    const data: PlaylistSettingsDialogData = { detail: playlistDetail() };
    TestBed.configureTestingModule({
      providers: [
        provideFakeApi(),
        { provide: MAT_DIALOG_DATA, useValue: data },
        { provide: MatDialogRef, useValue: { close: (v: unknown) => closed.push(v) } },
      ],
    });
    api = TestBed.inject(FakeApi);
    api.on('GET', URL, () => playlistSettings({ min_duration: 60, default_rating: 'PG' }));
    api.on('PUT', URL, ({ body }) => {
      if (putError) throw putError;
      return { settings: playlistSettings(body as object) };
    });
    fixture = TestBed.createComponent(PlaylistSettingsDialog);
    await settle(fixture);
  });

  afterEach(() => vi.useRealTimers());

  it('loads all eight settings and explains the order setting', () => {
    expect(fixture.componentInstance.form.getRawValue()).toEqual({
      default_sub_folder: '',
      video_quality: '',
      audio_format: '',
      default_rating: 'PG',
      min_duration: 60,
      max_duration: null,
      title_filter_regex: '',
      sort_order: 'default',
    });
    expect(fixture.nativeElement.textContent).toContain('Takes effect at the next sync or .m3u rebuild');
    expect(fixture.nativeElement.textContent).toContain('1:00');
  });

  it('shows the rules the server applies while typing and saves nothing while one is broken', async () => {
    type('[data-testid="psettings-subfolder"]', '__music');
    type('[data-testid="psettings-title-filter"]', '(unclosed');
    type('[data-testid="psettings-max"]', '30');
    await settle(fixture);
    expect(text('[data-testid="psettings-subfolder-error"]')).toContain('must not start with __');
    expect(text('[data-testid="psettings-title-filter-error"]')).toContain('Not a valid regular expression');
    expect(text('[data-testid="psettings-max-error"]')).toBe('Must not be shorter than the shortest duration');
    type('[data-testid="psettings-subfolder"]', 'playlists');
    await settle(fixture);
    expect(text('[data-testid="psettings-subfolder-error"]')).toContain('reserved');
    await save();
    expect(puts()).toEqual([]);
    expect(q('[data-testid="psettings-error"]')?.getAttribute('role')).toBe('alert');
    expect(text('[data-testid="psettings-error"]')).toBe(
      'Not saved: some values are not valid, see the marked fields.',
    );

    type('[data-testid="psettings-min"]', '');
    await settle(fixture);
    expect(q('[data-testid="psettings-max-error"]')).toBeNull();
  });

  it('puts the server objections next to their fields', async () => {
    putError = new ApiError(400, 'default_rating: rating must be one of G, PG', 'PLAYLISTS_INVALID_SETTINGS', [
      { path: 'body/default_rating', message: 'rating must be one of G, PG (or NR for none)' },
      { path: 'body', message: 'something about the whole request' },
    ]);
    fixture.componentInstance.form.controls.default_rating.setValue('R');
    await save();
    expect(puts()).toEqual([{ default_rating: 'R' }]);
    expect(text('[data-testid="psettings-rating-error"]')).toBe('rating must be one of G, PG (or NR for none)');
    expect(text('[data-testid="psettings-error"] p:first-child')).toBe('Not saved: see the marked fields.');
    expect(text('[data-testid="psettings-error"] p.small')).toBe('something about the whole request');
    expect(closed).toEqual([]);

    // The objection stays until the field changes.
    await save();
    expect(text('[data-testid="psettings-error"]')).toBe(
      'Not saved: some values are not valid, see the marked fields.',
    );
    fixture.componentInstance.form.controls.default_rating.setValue('G');
    putError = new ApiError(404, 'Playlist PLfixture0000000001 is not followed');
    await save();
    expect(q('[data-testid="psettings-rating-error"]')).toBeNull();
    expect(text('[data-testid="psettings-error"]')).toBe('Not saved: Playlist PLfixture0000000001 is not followed');
  });

  it('sends only the changed settings and closes saying so', async () => {
    await save();
    expect(text('[data-testid="psettings-notice"]')).toBe('Nothing changed.');
    const form = fixture.componentInstance.form;
    form.patchValue({ sort_order: 'reversed', audio_format: 'mp3_only', min_duration: '' });
    type('[data-testid="psettings-title-filter"]', ' live|session ');
    await save();
    expect(puts()).toEqual([
      { min_duration: null, title_filter_regex: 'live|session', audio_format: 'mp3_only', sort_order: 'reversed' },
    ]);
    expect(closed).toEqual([true]);
  });

  it('says when the settings cannot be loaded', async () => {
    api.on('GET', URL, () => {
      throw new ApiError(500, 'database is locked');
    });
    fixture = TestBed.createComponent(PlaylistSettingsDialog);
    await settle(fixture);
    expect(text('[data-testid="psettings-load-error"]')).toBe('The settings could not be loaded: database is locked');
    expect((q('[data-testid="psettings-save"]') as HTMLButtonElement).disabled).toBe(true);
  });
});
