import { Component, DestroyRef, effect, inject, input, signal, ChangeDetectionStrategy } from '@angular/core';
import type { AbstractControl } from '@angular/forms';
import { toApiError } from '../../core/api';
import { ConfigApi } from './config-api';
import type { FilenamePreview } from './contracts';

/** How long typing must pause before the server is asked (each answer runs yt-dlp). */
export const PREVIEW_DEBOUNCE_MS = 400;
/** What most file systems allow for one file or folder name. */
export const NAME_BYTES_MAX = 255;

type State =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'shown'; preview: FilenamePreview }
  | { kind: 'refused'; message: string };

/**
 * The live preview of `videoFilenamePrefix` under its field: once typing pauses, the server renders
 * the prefix with yt-dlp against a sample video (`POST /api/config/filename-preview`) and this
 * shows the file and folder names it gives, their length, and yt-dlp's refusal in its words. A
 * value the field's own rules refuse is not sent (the field shows why); an older answer arriving
 * after a newer question is dropped.
 */
@Component({
  selector: 'app-filename-preview',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <div class="preview" role="status" aria-live="polite" data-testid="filename-preview">
      @switch (state().kind) {
        @case ('checking') {
          <p class="muted">Checking the names with yt-dlp…</p>
        }
        @case ('shown') {
          @let p = shown()!;
          <p>
            <span class="what">File</span>
            <code data-testid="filename-preview-file">{{ p.fileLine }}</code>
            <span class="muted">{{ p.fileLineLength }} bytes</span>
          </p>
          <p>
            <span class="what">Folder</span>
            <code data-testid="filename-preview-folder">{{ p.folderLine }}</code>
            <span class="muted">{{ p.folderLineLength }} bytes</span>
          </p>
          @if (p.fileLineLength > maxBytes || p.folderLineLength > maxBytes) {
            <p class="warn" data-testid="filename-preview-long">
              Longer than {{ maxBytes }} bytes: most file systems refuse such names. Shorten the template (for example
              with .64B after a field).
            </p>
          }
          <p class="muted">For a sample video; the channel folder and the id are added by vidkeep.</p>
        }
        @case ('refused') {
          <p class="error" data-testid="filename-preview-error">{{ refusal() }}</p>
        }
      }
    </div>
  `,
  styles: `
    .preview p {
      margin: 4px 0 0;
      font: var(--mat-sys-body-small);
      overflow-wrap: anywhere;
    }
    .what {
      display: inline-block;
      min-width: 48px;
      font-weight: 500;
    }
    code {
      margin-right: 6px;
    }
  `,
})
export class FilenamePreviewPanel {
  private readonly api = inject(ConfigApi);
  /** The prefix field's control: every value it takes is previewed. */
  readonly control = input.required<AbstractControl>();
  readonly state = signal<State>({ kind: 'idle' });
  readonly maxBytes = NAME_BYTES_MAX;
  private asked = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    effect((onCleanup) => {
      const control = this.control();
      this.schedule(control.value);
      const sub = control.valueChanges.subscribe((value) => this.schedule(value));
      onCleanup(() => sub.unsubscribe());
    });
    inject(DestroyRef).onDestroy(() => this.clearTimer());
  }

  shown(): FilenamePreview | null {
    const s = this.state();
    return s.kind === 'shown' ? s.preview : null;
  }

  refusal(): string {
    const s = this.state();
    return s.kind === 'refused' ? s.message : '';
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(value: unknown): void {
    this.clearTimer();
    const prefix = typeof value === 'string' ? value : '';
    this.asked++;
    // The field's own rules (length, pattern) ran before this change was announced.
    if (prefix === '' || this.control().invalid) {
      this.state.set({ kind: 'idle' });
      return;
    }
    this.timer = setTimeout(() => void this.load(prefix), PREVIEW_DEBOUNCE_MS);
  }

  private async load(prefix: string): Promise<void> {
    this.timer = null;
    const n = this.asked;
    this.state.set({ kind: 'checking' });
    try {
      const preview = await this.api.filenamePreview(prefix);
      if (n === this.asked) this.state.set({ kind: 'shown', preview });
    } catch (err) {
      if (n === this.asked) this.state.set({ kind: 'refused', message: toApiError(err).message });
    }
  }
}
