import { Component, input, ChangeDetectionStrategy } from '@angular/core';
import { ReactiveFormsModule, type FormControl } from '@angular/forms';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatSelectModule } from '@angular/material/select';
import type { AudioFormat, Resolution } from '@vidkeep/contracts';
import { AUDIO_CHOICES, RESOLUTION_CHOICES } from '../core/media-choices';

/**
 * The video quality ('' = the global default) and audio ('' = video only) fields of a settings
 * form, bound to the form's own controls. Test ids `<testId>-quality`, `<testId>-audio`. Lays out
 * as part of the parent.
 */
@Component({
  selector: 'app-media-choice-fields',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ReactiveFormsModule, MatFormFieldModule, MatSelectModule],
  template: `
    <mat-form-field appearance="outline">
      <mat-label>Video quality</mat-label>
      <mat-select [formControl]="quality()" [attr.data-testid]="testId() + '-quality'">
        <mat-option value="">Global default</mat-option>
        @for (r of resolutions; track r.value) {
          <mat-option [value]="r.value">Up to {{ r.label }}</mat-option>
        }
      </mat-select>
    </mat-form-field>
    <mat-form-field appearance="outline">
      <mat-label>Audio</mat-label>
      <mat-select [formControl]="audio()" [attr.data-testid]="testId() + '-audio'">
        @for (a of audioChoices; track a.value) {
          <mat-option [value]="a.value">{{ a.label }}</mat-option>
        }
      </mat-select>
      @if (audioHint()) {
        <mat-hint>{{ audioHint() }}</mat-hint>
      }
    </mat-form-field>
  `,
  styles: `
    :host {
      display: contents;
    }
    mat-form-field {
      width: 100%;
    }
  `,
})
export class MediaChoiceFields {
  readonly quality = input.required<FormControl<Resolution | ''>>();
  readonly audio = input.required<FormControl<AudioFormat | ''>>();
  readonly audioHint = input('');
  readonly testId = input.required<string>();
  readonly resolutions = RESOLUTION_CHOICES;
  readonly audioChoices = AUDIO_CHOICES;
}
