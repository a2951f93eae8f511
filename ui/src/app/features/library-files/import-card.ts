import { Component, computed, inject, input, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { FormControl, FormGroup } from '@angular/forms';
import { MatCardModule } from '@angular/material/card';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import type { LibraryImportPreview, LibraryImportRequest } from '@vidkeep/contracts';
import { LibraryFilesApi } from './library-files-api';
import { formatBytes, formatWhen } from '../../shared/format';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { ShowWhenDirty, hintValidator, subfolderHint } from '../../shared/field-rules';
import { PendingAction } from '../../shared/pending-action';
import {
  actionLabel,
  count,
  importFigures,
  importPathHint,
  progressPercent,
  progressText,
  scanStatusLabel,
} from './files-format';
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
  imports: [FORM_CONTROLS, MatCardModule, MatProgressBarModule],
  template: `
    <mat-card appearance="outlined" class="card" data-testid="import-card">
      <h2 id="import-title">Import a folder</h2>
      <p class="hint">
        Adds videos downloaded by another tool to the library, so automatic downloads skip them: files named the way
        yt-dlp names them by default (<code>Title [id].mp4</code>), or any media file with its
        <code>.info.json</code> beside it (the channel, title, date and duration come from it). The folder must be
        inside the output directory{{ outputDir() ? ' (' + outputDir() + ')' : '' }}; move or mount other folders there
        first.
      </p>
      <form [formGroup]="form" (ngSubmit)="preview()" novalidate aria-labelledby="import-title">
        <div class="fields">
          <mat-form-field appearance="outline" subscriptSizing="dynamic">
            <mat-label>Folder</mat-label>
            <input
              matInput
              formControlName="path"
              autocomplete="off"
              spellcheck="false"
              [errorStateMatcher]="matcher"
              data-testid="import-path"
            />
            <mat-hint
              >Relative to the output directory (<code>old-downloads</code>), or a full path inside it.</mat-hint
            >
            <mat-error>{{ form.controls.path.errors?.['hint'] }}</mat-error>
          </mat-form-field>
          @if (form.controls.move.value) {
            <mat-form-field appearance="outline" subscriptSizing="dynamic">
              <mat-label>Into subfolder</mat-label>
              <input
                matInput
                formControlName="subfolder"
                autocomplete="off"
                [errorStateMatcher]="matcher"
                data-testid="import-subfolder"
              />
              <mat-hint>Empty: the root of the output directory.</mat-hint>
              <mat-error>{{ form.controls.subfolder.errors?.['hint'] }}</mat-error>
            </mat-form-field>
          }
        </div>
        <mat-checkbox formControlName="move" data-testid="import-move"
          >Move the files into the library’s layout (Channel / Title - id /)</mat-checkbox
        >
        <p class="hint">Off (the default): the files stay exactly where they are.</p>
        <div class="actions">
          <button
            mat-stroked-button
            type="submit"
            [disabled]="previewing.busy() || form.invalid"
            data-testid="import-preview"
          >
            {{ previewing.busy() ? 'Looking…' : 'Preview' }}
          </button>
          <button mat-flat-button type="button" (click)="start()" [disabled]="!canImport()" data-testid="import-start">
            {{ importing() ? 'Importing…' : importLabel() }}
          </button>
        </div>
      </form>
      @if (previewing.error(); as e) {
        <p class="error" role="alert" data-testid="import-preview-error">{{ e }}</p>
      }
      @if (starting.error(); as e) {
        <p class="error" role="alert" data-testid="import-error">{{ e }}</p>
      }
      @if (state().running() && !importing()) {
        <p class="hint">A rescan is running; an import can start when it ends.</p>
      }
      @if (result(); as p) {
        <section class="preview" aria-label="Preview" data-testid="import-preview-result">
          <p role="status" data-testid="import-preview-summary">{{ summary(p) }}</p>
          @if (p.videos.length) {
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Video</th>
                    <th scope="col">Channel</th>
                    <th scope="col">What happens</th>
                    <th scope="col">File</th>
                  </tr>
                </thead>
                <tbody>
                  @for (v of shown(); track v.sourceId) {
                    <tr data-testid="import-row">
                      <td>{{ v.title }}</td>
                      <td>{{ v.channelName ?? (v.hasInfoJson ? '' : 'unknown (no info.json)') }}</td>
                      <td>{{ action(v.action) }}</td>
                      <td>
                        <code>{{ v.target ?? v.filePath ?? v.audioFilePath }}</code>
                      </td>
                    </tr>
                  }
                </tbody>
              </table>
            </div>
            @if (hidden() > 0) {
              <p class="muted small">…and {{ hidden() }} more.</p>
            }
          }
          @if (p.skipped.length) {
            <details data-testid="import-skipped">
              <summary>{{ count(p.skipped.length, 'file') }} skipped</summary>
              <ul>
                @for (s of p.skipped; track $index) {
                  <li>
                    <code>{{ s.path }}</code>: {{ s.message }}
                  </li>
                }
              </ul>
            </details>
          }
        </section>
      }
      @if (importing()) {
        <div class="progress" role="status" data-testid="import-progress">
          <span>{{ progress() }}</span>
          <mat-progress-bar
            [mode]="percent() === null ? 'indeterminate' : 'determinate'"
            [value]="percent() ?? 0"
            aria-label="Import progress"
          />
        </div>
      }
      @if (state().lastImport(); as run) {
        <section class="last" aria-label="Last import" data-testid="import-last">
          <h3>
            Last import<code>{{ run.path ? ' ' + run.path : '' }}</code
            >: <span [class]="'status ' + run.status">{{ status(run.status) }}</span>&nbsp;
            <span class="muted small">{{ when(run.finishedAt ?? run.startedAt) }}</span>
          </h3>
          <ul class="figures">
            @for (f of lastFigures(); track f) {
              <li>{{ f }}</li>
            }
          </ul>
          @if (run.problems.length) {
            <details>
              <summary>Details</summary>
              <ul>
                @for (p of run.problems; track $index) {
                  <li>
                    <code>{{ p.path }}</code>: {{ p.message }}
                  </li>
                }
              </ul>
            </details>
          }
        </section>
      }
    </mat-card>
  `,
  styleUrl: './files-page.css',
})
export class ImportCard {
  private readonly api = inject(LibraryFilesApi);
  readonly state = input.required<ScanState>();
  readonly outputDir = input<string | null>(null);
  readonly matcher = new ShowWhenDirty();
  readonly form = new FormGroup({
    path: new FormControl('', { nonNullable: true, validators: [hintValidator(importPathHint)] }),
    move: new FormControl(false, { nonNullable: true }),
    subfolder: new FormControl('', { nonNullable: true, validators: [hintValidator(subfolderHint)] }),
  });
  private readonly values = toSignal(this.form.valueChanges, { initialValue: this.form.getRawValue() });
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
  readonly progress = computed(() => progressText('import', this.state().current()?.progress ?? null));
  readonly percent = computed(() => progressPercent(this.state().current()?.progress ?? null));
  readonly lastFigures = computed(() => {
    const run = this.state().lastImport();
    return run ? importFigures(run.counts) : [];
  });
  readonly status = scanStatusLabel;
  readonly action = actionLabel;
  readonly count = count;
  readonly when = (iso: string) => formatWhen(iso);

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
