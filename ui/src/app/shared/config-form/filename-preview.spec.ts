import { Component, signal } from '@angular/core';
import { FormControl } from '@angular/forms';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../core/api';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { settle } from '../../../testing/settle';
import { FilenamePreviewPanel, PREVIEW_DEBOUNCE_MS } from './filename-preview';
import { validateField } from './config-diff';
import { metaOf } from '../../../testing/config-schema';

@Component({
  selector: 'app-preview-host',
  imports: [FilenamePreviewPanel],
  template: `<app-filename-preview [control]="control()" />`,
})
class Host {
  // With the field's own rules, as the settings form builds it from the declared key.
  readonly control = signal(
    new FormControl('%(title)s', {
      validators: (c) => (validateField(metaOf('videoFilenamePrefix'), c.value) ? { field: true } : null),
    }),
  );
}

describe('FilenamePreviewPanel', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<Host>;
  const text = (id: string) =>
    (fixture.nativeElement as HTMLElement).querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    api.on('POST', '/api/config/filename-preview', (call) => {
      const prefix = (call.body as { prefix: string }).prefix;
      if (prefix.includes('%(title') && !prefix.includes(')')) {
        throw new ApiError(400, 'Template rejected by yt-dlp: invalid output template', 'DOWNLOAD_INVALID_PREFIX');
      }
      const name = prefix.replace('%(title)s', 'Sample').replace('%(id)s', 'x');
      const long = prefix.startsWith('long') ? 'y'.repeat(300) : '';
      return {
        fileLine: `${name}${long} [dQw4w9WgXcQ].mp4`,
        folderLine: `${name} - dQw4w9WgXcQ`,
        fileLineLength: `${name}${long} [dQw4w9WgXcQ].mp4`.length,
        folderLineLength: `${name} - dQw4w9WgXcQ`.length,
      };
    });
    fixture = TestBed.createComponent(Host);
  });
  afterEach(() => vi.useRealTimers());

  const control = () => fixture.componentInstance.control();

  it('asks once typing pauses and shows the file and folder names with their length', async () => {
    await settle(fixture, PREVIEW_DEBOUNCE_MS);
    expect(text('filename-preview-file')).toBe('Sample [dQw4w9WgXcQ].mp4');
    expect(text('filename-preview-folder')).toBe('Sample - dQw4w9WgXcQ');
    expect(text('filename-preview')).toContain('24 bytes');

    // Quick typing asks once, for the last value.
    api.calls.length = 0;
    control().setValue('A %(title)s');
    await settle(fixture, 100);
    control().setValue('AB %(title)s');
    await settle(fixture, PREVIEW_DEBOUNCE_MS);
    expect(api.callsTo('POST', '/api/config/filename-preview').map((c) => c.body)).toEqual([
      { prefix: 'AB %(title)s' },
    ]);
    expect(text('filename-preview-file')).toBe('AB Sample [dQw4w9WgXcQ].mp4');
  });

  it("shows yt-dlp's refusal, warns about names longer than 255 bytes, and skips values the field refuses", async () => {
    control().setValue('%(title');
    await settle(fixture, PREVIEW_DEBOUNCE_MS);
    expect(text('filename-preview-error')).toBe('Template rejected by yt-dlp: invalid output template');

    control().setValue('long %(title)s');
    await settle(fixture, PREVIEW_DEBOUNCE_MS);
    expect(text('filename-preview-long')).toContain('Longer than 255 bytes');

    api.calls.length = 0;
    for (const bad of ['', 'a/b', 'up..down']) {
      control().setValue(bad);
      await settle(fixture, PREVIEW_DEBOUNCE_MS);
    }
    expect(api.callsTo('POST', '/api/config/filename-preview')).toEqual([]);
    expect(text('filename-preview-file')).toBeNull();
  });
});
