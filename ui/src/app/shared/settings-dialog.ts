import { Component, input, signal, ChangeDetectionStrategy } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatDialogModule } from '@angular/material/dialog';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { toApiError } from '../core/api';

/**
 * What a settings dialog knows of its settings: loading them, what was loaded (the base of what
 * changed), saving, and the answer to a save. The dialog component extends it.
 */
export class SettingsDialogState<T> {
  readonly loading = signal(true);
  readonly loadError = signal<string | null>(null);
  readonly original = signal<T | null>(null);
  readonly saving = signal(false);
  readonly error = signal<string | null>(null);
  readonly notice = signal<string | null>(null);

  /** Loads the settings with `fetch` and shows them with `apply`; a failure becomes `loadError`. */
  protected async loadSettings(fetch: () => Promise<T>, apply: (settings: T) => void): Promise<void> {
    this.loading.set(true);
    try {
      const settings = await fetch();
      apply(settings);
      this.original.set(settings);
    } catch (err) {
      this.loadError.set(`The settings could not be loaded: ${toApiError(err).message}`);
    } finally {
      this.loading.set(false);
    }
  }
}

/** The names of a settings dialog's parts: its form, the prefix of its test ids, its close button. */
export interface SettingsDialogParts {
  formId: string;
  testId: string;
  /** "Cancel" unless said. */
  closeText?: string;
  closeTestId: string;
}

/**
 * The frame of a settings dialog: its title, the loading bar and load error, the form (projected; the dialog shows it once loaded),
 * and the actions row with the save answer, close and save (submits the form `formId`). Test ids
 * `<testId>-load-error`, `-error`, `-notice`, `-save` and `closeTestId` (see `SettingsDialogParts`).
 */
@Component({
  selector: 'app-settings-dialog',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule, MatDialogModule, MatProgressBarModule],
  template: `
    @let s = state();
    @let p = parts();
    <h2 mat-dialog-title>Settings of {{ title() }}</h2>
    <mat-dialog-content>
      <ng-content select="[dialogIntro]" />
      @if (s.loading()) {
        <mat-progress-bar mode="indeterminate" aria-label="Loading the settings" />
      }
      @if (s.loadError()) {
        <p class="error" role="alert" [attr.data-testid]="p.testId + '-load-error'">{{ s.loadError() }}</p>
      }
      <ng-content />
    </mat-dialog-content>
    <mat-dialog-actions>
      @if (s.error()) {
        <div class="grow" role="alert" [attr.data-testid]="p.testId + '-error'">
          <p class="error">{{ s.error() }}</p>
          @for (o of otherErrors(); track $index) {
            <p class="error small">{{ o }}</p>
          }
        </div>
      }
      @if (s.notice()) {
        <p class="grow" role="status" [attr.data-testid]="p.testId + '-notice'">{{ s.notice() }}</p>
      }
      <button mat-button type="button" mat-dialog-close [attr.data-testid]="p.closeTestId">
        {{ p.closeText ?? 'Cancel' }}
      </button>
      <button
        mat-flat-button
        type="submit"
        [attr.form]="p.formId"
        [disabled]="!s.original() || s.saving()"
        [attr.data-testid]="p.testId + '-save'"
      >
        {{ s.saving() ? 'Saving…' : 'Save' }}
      </button>
    </mat-dialog-actions>
  `,
  styleUrl: './dialog-form.css',
  styles: `
    :host {
      display: contents;
    }
  `,
})
export class SettingsDialogFrame {
  readonly state = input.required<SettingsDialogState<unknown>>();
  /** What the settings belong to: "Settings of <title>". */
  readonly title = input.required<string>();
  readonly parts = input.required<SettingsDialogParts>();
  /** More lines under the save error (e.g. the server's objections no field takes). */
  readonly otherErrors = input<readonly string[]>([]);
}
