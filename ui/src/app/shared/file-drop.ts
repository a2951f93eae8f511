import { Component, input, output, signal, ChangeDetectionStrategy } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { formatBytes } from './format';

/** "5.2 MB", "12 KB": the size of a file in words, in the units of every size the pages show. */
export function sizeLabel(bytes: number): string {
  return formatBytes(bytes);
}

/**
 * Choosing one file to upload: drop it on the area or press the button (a hidden file input, so
 * the keyboard and screen readers get a real button). A file over `maxBytes` is refused here
 * with the limit in words, before anything is sent. Test ids `<testId>` (the area),
 * `<testId>-input`, `<testId>-choose`, `<testId>-error`.
 */
@Component({
  selector: 'app-file-drop',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule],
  host: {
    '[class.over]': 'over()',
    '[class.disabled]': 'disabled()',
    '[attr.data-testid]': 'testId()',
    '(dragenter)': 'enter($event)',
    '(dragover)': 'enter($event)',
    '(dragleave)': 'over.set(false)',
    '(drop)': 'drop($event)',
  },
  template: `
    <span class="label">{{ label() }}</span>
    <button
      mat-stroked-button
      type="button"
      (click)="picker.click()"
      [disabled]="disabled()"
      [attr.data-testid]="testId() + '-choose'"
    >
      {{ buttonText() }}
    </button>
    <input
      #picker
      type="file"
      hidden
      [accept]="accept()"
      (change)="chosen($event)"
      [attr.aria-label]="buttonText()"
      [attr.data-testid]="testId() + '-input'"
    />
    <span class="muted small">At most {{ limit() }}.</span>
    @if (error()) {
      <p class="error small" role="alert" [attr.data-testid]="testId() + '-error'">{{ error() }}</p>
    }
  `,
  styles: `
    :host {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px 12px;
      padding: 16px;
      border: 2px dashed var(--mat-sys-outline-variant);
      border-radius: 12px;
    }
    :host(.over) {
      border-color: var(--mat-sys-primary);
      background: var(--mat-sys-primary-container);
    }
    :host(.disabled) {
      opacity: 0.6;
    }
    .small {
      font: var(--mat-sys-body-small);
    }
    p {
      flex-basis: 100%;
      margin: 0;
    }
  `,
})
export class FileDrop {
  readonly label = input('Drop a file here, or');
  readonly buttonText = input('Choose a file');
  readonly accept = input('');
  readonly maxBytes = input.required<number>();
  readonly disabled = input(false);
  readonly testId = input.required<string>();
  /** A file within the limit was dropped or chosen. */
  readonly picked = output<File>();

  readonly over = signal(false);
  readonly error = signal<string | null>(null);

  limit(): string {
    return sizeLabel(this.maxBytes());
  }

  enter(event: DragEvent): void {
    event.preventDefault();
    if (!this.disabled()) this.over.set(true);
  }

  drop(event: DragEvent): void {
    event.preventDefault();
    this.over.set(false);
    if (this.disabled()) return;
    const file = event.dataTransfer?.files?.[0];
    if (file) this.take(file);
  }

  chosen(event: Event): void {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    // The same file can be chosen again after a refusal.
    input.value = '';
    if (file) this.take(file);
  }

  private take(file: File): void {
    if (file.size > this.maxBytes()) {
      this.error.set(`${file.name} is ${sizeLabel(file.size)}: the limit is ${this.limit()}.`);
      return;
    }
    if (file.size === 0) {
      this.error.set(`${file.name} is empty.`);
      return;
    }
    this.error.set(null);
    this.picked.emit(file);
  }
}
