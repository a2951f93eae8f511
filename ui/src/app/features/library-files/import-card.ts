import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  Injector,
  computed,
  inject,
  input,
  signal,
} from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { FormControl, FormGroup } from '@angular/forms';
import { MatCardModule } from '@angular/material/card';
import type { LibraryImportPreview, LibraryImportRequest } from '@vidkeep/contracts';
import { LibraryFilesApi } from './library-files-api';
import { BusyButton } from '../../shared/busy-button';
import { formatBytes } from '../../shared/format';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { ShowWhenDirty, hintValidator, subfolderHint } from '../../shared/field-rules';
import { PendingAction } from '../../shared/pending-action';
import { revealAfterRender } from '../../shared/reveal';
import { actionLabel, count, importFigures, importPathHint } from './files-format';
import { LastRun, PathMessages, RunProgress } from './run-parts';
import type { ScanState } from './scan-state';

/** Rows of a preview shown before "and N more". */
export const PREVIEW_ROWS = 50;

/**
 * "Import a folder": a folder inside the output directory, whether to move the files into the
 * library's layout (off: they stay where they are), a preview of what would be added (dry run),
 * then the import with its progress and result.
 */
@Component({
  selector: 'app-import-card',
  imports: [BusyButton, FORM_CONTROLS, LastRun, MatCardModule, PathMessages, RunProgress],
  templateUrl: './import-card.html',
  styleUrl: './files-page.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class ImportCard {
  private readonly api = inject(LibraryFilesApi);
  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
  private readonly injector = inject(Injector);
  readonly state = input.required<ScanState>();
  readonly outputDir = input<string | null>(null);
  readonly matcher = new ShowWhenDirty();
  readonly form = new FormGroup({
    path: new FormControl('', { nonNullable: true, validators: [hintValidator(importPathHint)] }),
    move: new FormControl(false, { nonNullable: true }),
    subfolder: new FormControl('', { nonNullable: true, validators: [hintValidator(subfolderHint)] }),
  });
  readonly values = toSignal(this.form.valueChanges, { initialValue: this.form.getRawValue() });
  readonly previewing = new PendingAction('The preview failed: ');
  readonly starting = new PendingAction('The import did not start: ');
  /** The preview and the request it answered. */
  private readonly previewed = signal<{ key: string; result: LibraryImportPreview } | null>(null);
  readonly result = computed(() => {
    const p = this.previewed();
    return p && p.key === this.key(this.request(this.values())) ? p.result : null;
  });
  readonly shown = computed(() => this.result()?.videos.slice(0, PREVIEW_ROWS) ?? []);
  readonly hidden = computed(() => {
    const p = this.result();
    return p ? p.counts.add + p.counts.restore + p.counts.inLibrary - this.shown().length : 0;
  });
  readonly importing = computed(() => this.state().current()?.operation === 'import');
  readonly canImport = computed(() => {
    const p = this.result();
    return !!p && p.counts.add + p.counts.restore > 0 && !this.state().running() && !this.starting.busy();
  });
  readonly importLabel = computed(() => {
    const p = this.result();
    return p ? `Import ${count(p.counts.add + p.counts.restore, 'video')}` : 'Import';
  });
  readonly lastFigures = computed(() => {
    const run = this.state().lastImport();
    return run ? importFigures(run.counts) : [];
  });
  readonly action = actionLabel;
  readonly count = count;

  private request(v: Partial<{ path: string; move: boolean; subfolder: string }>): LibraryImportRequest {
    const move = v.move === true;
    const sub = (v.subfolder ?? '').trim();
    return { path: (v.path ?? '').trim(), move, ...(move ? { subfolder: sub || null } : {}) };
  }

  private key(r: LibraryImportRequest): string {
    return JSON.stringify(r);
  }

  summary(p: LibraryImportPreview): string {
    const c = p.counts;
    if (c.files === 0) return `No media files in ${p.path || 'the output directory'}.`;
    const parts = [
      `${count(c.add, 'video')} to add`,
      c.restore ? `${count(c.restore, 'video')} to bring back` : null,
      c.inLibrary ? `${count(c.inLibrary, 'video')} already in the library` : null,
      c.noId ? `${count(c.noId, 'file')} without an id (skipped)` : null,
    ].filter(Boolean);
    const size = c.add + c.restore > 0 ? `, ${formatBytes(c.bytes)} from ${count(c.channels, 'channel')}` : '';
    return `${count(c.files, 'media file')} found: ${parts.join(', ')}${size}.${p.move ? ' The files will be moved.' : ' The files stay where they are.'}`;
  }

  preview(): void {
    if (this.form.invalid) {
      this.form.markAllAsTouched();
      return;
    }
    const request = this.request(this.form.getRawValue());
    void this.previewing.run(async () => {
      const result = await this.api.previewImport(request);
      this.previewed.set({ key: this.key(request), result });
      revealAfterRender(this.host, '#import-preview-title', this.injector);
    });
  }

  start(): void {
    const request = this.request(this.form.getRawValue());
    void this.starting.run(async () => {
      await this.state().startImport(request);
      this.previewed.set(null);
    });
  }
}
